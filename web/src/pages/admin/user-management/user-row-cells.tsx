import { Box, Button, Field, HStack, IconButton, Input, NativeSelect, Switch, VisuallyHidden } from '@chakra-ui/react';
import type { InputProps } from '@chakra-ui/react';
import type { Activation, PublicUser, UserRole } from '@labeldesk/contracts';
import type { KeyboardEventHandler, ReactElement, ReactNode } from 'react';
import { CheckIcon, CloseIcon, KeyIcon, LoginIcon, ShieldIcon, TrashIcon } from '../../../components/ui/icons';
import { roleLabel } from './confirm-change-dialog';
import { StatementButton } from './statement-button';
import type { DetailsDraft } from './user-details';

const roles: readonly UserRole[] = ['user', 'friend', 'admin'];

/** Why a control on the admin's own row is locked: the server refuses these too. */
export const SELF_LOCKS = {
  role: 'You cannot change your own role',
  access: 'You cannot block your own account',
  balance: 'You cannot change your own balance',
  delete: 'You cannot delete your own account',
  loginAs: 'This is you',
  twoFactor: 'Turn your own two-factor sign-in off on your Account page',
} as const;

export interface UserRowHandlers {
  onEdit: (user: PublicUser) => void;
  onDraftChange: (patch: Partial<DetailsDraft>) => void;
  onSave: (user: PublicUser) => void;
  onCancel: () => void;
  onRoleChange: (user: PublicUser, role: UserRole) => void;
  onAccessChange: (user: PublicUser, activation: Activation) => void;
  onServices: (user: PublicUser) => void;
  onDelete: (user: PublicUser) => void;
  onResetLink: (user: PublicUser) => void;
  onResetTwoFactor: (user: PublicUser) => void;
  onLoginAs: (user: PublicUser) => void;
}

/** What every control of a row needs: whose row it is and whether it may act. */
interface RowControlProps {
  user: PublicUser;
  isMe: boolean;
  busy: boolean;
}

/** A disabled control cannot show a tooltip in every browser; its wrapper can. */
const Reason = ({ reason, children }: { reason: string | undefined; children: ReactNode }): ReactElement => (
  <Box as="span" display="inline-flex" title={reason}>
    {children}
  </Box>
);

export const RoleSelect = ({ user, isMe, busy, onRoleChange }: RowControlProps & Pick<UserRowHandlers, 'onRoleChange'>): ReactElement => (
  <Reason reason={isMe ? SELF_LOCKS.role : undefined}>
    <NativeSelect.Root size="xs" w="full" maxW="20" disabled={isMe || busy}>
      <NativeSelect.Field fontSize="xs" ps="1.5" pe="5" aria-label={`Role of ${user.name}`} value={user.user_role} onChange={(event) => onRoleChange(user, event.target.value as UserRole)}>
        {roles.map((role) => (
          <option key={role} value={role}>
            {roleLabel[role]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  </Reason>
);

interface DraftInputProps {
  label: string;
  value: string;
  error: string | undefined;
  minW: string;
  onChange: (value: string) => void;
  onKeyDown: KeyboardEventHandler<HTMLInputElement>;
  /** The input's own look (font, alignment, keyboard). */
  inputProps?: Pick<InputProps, 'fontFamily' | 'inputMode' | 'textAlign'>;
}

/** One field of the row's draft, with its error under it. */
export const DraftInput = ({ label, value, error, minW, onChange, onKeyDown, inputProps }: DraftInputProps): ReactElement => (
  <Field.Root invalid={error !== undefined} minW={minW}>
    <Input size="xs" aria-label={label} {...inputProps} value={value} onChange={(event) => onChange(event.target.value)} onKeyDown={onKeyDown} />
    {error && <Field.ErrorText textStyle="xs">{error}</Field.ErrorText>}
  </Field.Root>
);

export const AccessSwitch = ({ user, isMe, busy, onAccessChange }: RowControlProps & Pick<UserRowHandlers, 'onAccessChange'>): ReactElement => {
  const blocked = user.activation === 'block';
  return (
    <Reason reason={isMe ? SELF_LOCKS.access : blocked ? 'Blocked: switch on to allow' : 'Allowed: switch off to block'}>
      <Switch.Root size="sm" colorPalette="green" flexWrap="wrap" rowGap="0.5" checked={!blocked} disabled={isMe || busy} onCheckedChange={(details) => onAccessChange(user, details.checked ? 'allow' : 'block')}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label textStyle="xs" color={blocked ? 'status.failed.fg' : 'fg.muted'} fontWeight="medium">
          <VisuallyHidden>Access of {user.name}: </VisuallyHidden>
          {blocked ? 'Block' : 'Allow'}
        </Switch.Label>
      </Switch.Root>
    </Reason>
  );
};

interface EditButtonsProps extends RowControlProps, Pick<UserRowHandlers, 'onEdit' | 'onSave' | 'onCancel'> {
  editing: boolean;
  editLocked: boolean;
}

/** Save and Cancel while the row is edited, else Edit. */
const EditButtons = ({ user, isMe, editing, editLocked, onEdit, onSave, onCancel }: EditButtonsProps): ReactElement =>
  editing ? (
    <>
      <Button size="2xs" onClick={() => onSave(user)}>
        <CheckIcon />
        Save
      </Button>
      <IconButton size="2xs" variant="outline" colorPalette="gray" aria-label="Cancel editing" title="Cancel" onClick={onCancel}>
        <CloseIcon />
      </IconButton>
    </>
  ) : (
    <Button
      size="2xs"
      variant="outline"
      colorPalette="gray"
      onClick={() => onEdit(user)}
      disabled={editLocked}
      title={isMe ? 'Edit your referral code (your own balance is locked)' : undefined}
    >
      Edit
    </Button>
  );

type RowActionsProps = EditButtonsProps & Pick<UserRowHandlers, 'onResetLink' | 'onResetTwoFactor' | 'onDelete'>;

/** The row's edit buttons, then the password reset link, the two-factor reset, the monthly statement and Delete. */
export const RowActions = ({ onResetLink, onResetTwoFactor, onDelete, ...edit }: RowActionsProps): ReactElement => {
  const { user, isMe, busy } = edit;
  return (
    <HStack gap="1" flexWrap="wrap">
      <EditButtons {...edit} />
      <Reason reason={`Password reset link for ${user.name}`}>
        <IconButton size="2xs" variant="outline" colorPalette="gray" onClick={() => onResetLink(user)} disabled={busy} aria-label={`Password reset link for ${user.name}`}>
          <KeyIcon />
        </IconButton>
      </Reason>
      {user.twoFactorEnabled && (
        <Reason reason={isMe ? SELF_LOCKS.twoFactor : `Reset two-factor sign-in of ${user.name}`}>
          <IconButton size="2xs" variant="outline" colorPalette="gray" onClick={() => onResetTwoFactor(user)} disabled={isMe || busy} aria-label={`Reset two-factor sign-in of ${user.name}`}>
            <ShieldIcon />
          </IconButton>
        </Reason>
      )}
      <StatementButton user={user} />
      <Reason reason={isMe ? SELF_LOCKS.delete : 'Delete user'}>
        <IconButton size="2xs" variant="outline" colorPalette="red" onClick={() => onDelete(user)} disabled={isMe || busy} aria-label={`Delete ${user.name}`}>
          <TrashIcon />
        </IconButton>
      </Reason>
    </HStack>
  );
};

interface LoginAsButtonProps extends Pick<UserRowHandlers, 'onLoginAs'> {
  user: PublicUser;
  isMe: boolean;
  locked: boolean;
}

export const LoginAsButton = ({ user, isMe, locked, onLoginAs }: LoginAsButtonProps): ReactElement => {
  const blocked = user.activation === 'block';
  return (
    <Reason reason={isMe ? SELF_LOCKS.loginAs : blocked ? 'Blocked users cannot be signed in as: allow access first' : `Login as User: ${user.name}`}>
      <IconButton size="2xs" variant="outline" aria-label={`Login as User ${user.name}`} onClick={() => onLoginAs(user)} disabled={isMe || blocked || locked}>
        <LoginIcon />
      </IconButton>
    </Reason>
  );
};
