import { HStack, IconButton } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { CheckIcon, CloseIcon, EditIcon, TrashIcon } from '../icons';

interface RowActionsProps {
  /** The row's name for screen readers: 'Edit HQ'. */
  name: string;
  editing: boolean;
  saving: boolean;
  /** Another row is being edited: this one can be neither edited nor deleted until that edit ends. */
  locked: boolean;
  onSave: () => void;
  onCancel: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** The Actions cell: Save and Cancel on the row being edited, Edit and Delete on the others. */
export const RowActions = ({ name, editing, saving, locked, onSave, onCancel, onEdit, onDelete }: RowActionsProps): ReactElement => (
  <HStack gap="1" justify="flex-end">
    {editing ? (
      <>
        <IconButton aria-label={`Save ${name}`} title="Save" size="xs" colorPalette="brand" onClick={onSave} loading={saving}>
          <CheckIcon />
        </IconButton>
        <IconButton aria-label={`Cancel editing ${name}`} title="Cancel" size="xs" variant="outline" colorPalette="gray" onClick={onCancel} disabled={saving}>
          <CloseIcon />
        </IconButton>
      </>
    ) : (
      <>
        <IconButton aria-label={`Edit ${name}`} title="Edit" size="xs" variant="ghost" colorPalette="gray" onClick={onEdit} disabled={locked}>
          <EditIcon />
        </IconButton>
        <IconButton aria-label={`Delete ${name}`} title="Delete" size="xs" variant="ghost" colorPalette="red" onClick={onDelete} disabled={locked}>
          <TrashIcon />
        </IconButton>
      </>
    )}
  </HStack>
);
