import { Alert, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { PublicUser, ResetLinkResponse } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { formatDateTime } from '../../../libs/format';
import { errorMessage } from '../../../libs/http-client';
import { useIssueResetLink } from '../../../services/auth/password-reset';

/**
 * The operator's way to recover an account when the server sends no e-mail: a one-time link to hand over (by
 * phone, chat...). Creating one voids the user's earlier links; using it ends every session of theirs. The page mounts
 * one per user (`key`).
 */
export const ResetLinkDialog = ({ user, onClose }: { user: PublicUser | null; onClose: () => void }): ReactElement => {
  const issue = useIssueResetLink();
  const [link, setLink] = useState<ResetLinkResponse | null>(null);
  return (
    <ConfirmDialog
      open={user !== null}
      title="Password reset link"
      confirmLabel={link ? 'Done' : 'Create link'}
      loading={issue.isPending}
      onConfirm={() => (link ? onClose() : issue.mutate(user?._id ?? '', { onSuccess: setLink }))}
      onCancel={onClose}
    >
      {link ? (
        <Stack gap="3">
          <Text>
            Give this link to {user?.name} yourself. It works once, until {formatDateTime(link.expiresAt)}.
          </Text>
          <HStack>
            <Input readOnly value={link.link} aria-label="Password reset link" fontFamily="mono" textStyle="xs" onFocus={(e) => e.currentTarget.select()} />
            <CopyButton value={link.link} label="Copy the reset link" />
          </HStack>
        </Stack>
      ) : (
        <Stack gap="3">
          <Text>
            Create a one-time link with which {user?.name} ({user?.email}) can choose a new password. Any link created before stops working, and
            using this one signs them out everywhere.
          </Text>
          {issue.isError && (
            <Alert.Root status="error" size="sm">
              <Alert.Indicator />
              <Alert.Description>{errorMessage(issue.error, 'Could not create the link. Please try again.')}</Alert.Description>
            </Alert.Root>
          )}
        </Stack>
      )}
    </ConfirmDialog>
  );
};
