import { Field, Heading, HStack, IconButton, Input } from '@chakra-ui/react';
import { renameBodySchema } from '@labeldesk/contracts';
import { useState } from 'react';
import type { KeyboardEvent, ReactElement } from 'react';
import { CheckIcon, CloseIcon, EditIcon } from '../ui/icons';

interface ShippingServiceNameFieldProps {
  name: string;
  /** Resolves true once the server saved the name (the field then closes), false when it refused. */
  onRename: (name: string) => Promise<boolean>;
}

/** The shipping service's name as its heading, editable in place; checked as typed with the server's own rule. */
export const ShippingServiceNameField = ({ name, onRename }: ShippingServiceNameFieldProps): ReactElement => {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const check = (value: string): string | null => {
    const parsed = renameBodySchema.safeParse({ name: value });
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Service name cannot be empty');
  };

  const cancel = () => {
    setDraft(null);
    setError(null);
  };

  const save = async () => {
    if (draft === null || saving) return;
    const problem = check(draft);
    setError(problem);
    if (problem) return;
    if (draft.trim() === name) return cancel();
    setSaving(true);
    const saved = await onRename(draft.trim());
    setSaving(false);
    if (saved) cancel();
  };

  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') void save();
    if (event.key === 'Escape') cancel();
  };

  if (draft === null) {
    return (
      <HStack gap="1" minW="0" align="start">
        <Heading as="h3" size="sm" lineHeight="short" minW="0" wordBreak="break-word">
          {name}
        </Heading>
        <IconButton size="2xs" variant="ghost" colorPalette="gray" aria-label={`Edit name of ${name}`} title="Edit name" onClick={() => setDraft(name)}>
          <EditIcon />
        </IconButton>
      </HStack>
    );
  }

  return (
    <Field.Root invalid={error !== null} minW="0">
      <HStack gap="1" w="full">
        <Input
          size="xs"
          aria-label="Service name"
          value={draft}
          autoFocus
          disabled={saving}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(check(event.target.value));
          }}
          onKeyDown={keys}
        />
        <IconButton size="xs" aria-label="Save name" title="Save name" loading={saving} onClick={() => void save()}>
          <CheckIcon />
        </IconButton>
        <IconButton size="xs" variant="outline" colorPalette="gray" aria-label="Cancel renaming" title="Cancel" disabled={saving} onClick={cancel}>
          <CloseIcon />
        </IconButton>
      </HStack>
      {error && <Field.ErrorText textStyle="xs">{error}</Field.ErrorText>}
    </Field.Root>
  );
};
