import { useState } from 'react';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../libs/http-client';
import { useChangeUserRole } from '../../../services/users/change-role';
import { useSetUserActivation } from '../../../services/users/set-activation';
import { roleLabel } from './confirm-change-dialog';
import type { PendingChange } from './confirm-change-dialog';

/**
 * A role or access change waiting for the admin's yes. These changes end the user's sessions: they are sent only
 * after the confirmation dialog, and the user's row is busy until the answer.
 */
export const useAccessChange = () => {
  const changeRole = useChangeUserRole();
  const setActivation = useSetUserActivation();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [busyUserId, setBusyUserId] = useState<string | null>(null);

  const confirm = () => {
    if (!pending || busyUserId !== null) return;
    const change = pending;
    const settle = () => {
      setBusyUserId(null);
      setPending(null);
    };
    setBusyUserId(change.user._id);
    if (change.kind === 'role') {
      changeRole.mutate(
        { userId: change.user._id, role: change.role },
        {
          onSuccess: (updated) => notify.success(`Role of ${updated.name} set to ${roleLabel[updated.user_role]}`),
          onError: (error) => notify.error(errorMessage(error, 'Failed to update role')),
          onSettled: settle,
        },
      );
      return;
    }
    setActivation.mutate(
      { userId: change.user._id, activation: change.activation },
      {
        onSuccess: (updated) => notify.success(`Access ${updated.activation === 'allow' ? 'allowed' : 'blocked'} for ${updated.name}`),
        onError: (error) => notify.error(errorMessage(error, 'Failed to update access')),
        onSettled: settle,
      },
    );
  };

  return { pending, busyUserId, saving: changeRole.isPending || setActivation.isPending, ask: setPending, confirm, cancel: () => setPending(null) };
};
