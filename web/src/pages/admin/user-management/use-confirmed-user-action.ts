import type { PublicUser } from '@labeldesk/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../libs/http-client';
import { useDeleteUser } from '../../../services/users/delete-user';
import { useResetUserTwoFactor } from '../../../services/users/reset-two-factor';

interface ActionAnswers<Answer> {
  onSuccess: (answer: Answer) => void;
  onError: (error: Error) => void;
}

/** An action on one user that waits for the admin's yes; the dialog closes once the server answered either way. */
const useConfirmedUserAction = <Answer,>(mutation: UseMutationResult<Answer, Error, string>, answers: ActionAnswers<Answer>) => {
  const [user, setUser] = useState<PublicUser | null>(null);
  const confirm = () => {
    if (!user || mutation.isPending) return;
    mutation.mutate(user._id, { ...answers, onSettled: () => setUser(null) });
  };
  return { user, pending: mutation.isPending, ask: setUser, confirm, cancel: () => setUser(null) };
};

/** Spec 4/8: success removes the row locally; a failure is only logged and the dialog closes. */
export const useUserDeletion = () =>
  useConfirmedUserAction(useDeleteUser(), {
    onSuccess: (answer) => notify.success(answer.message),
    onError: (error) => console.error('Deleting the user failed', error),
  });

/** Turning a user's two-factor sign-in off; the answer is a toast either way. */
export const useTwoFactorReset = () =>
  useConfirmedUserAction(useResetUserTwoFactor(), {
    onSuccess: (updated) => notify.success(`Two-factor sign-in reset for ${updated.name}`),
    onError: (error) => notify.error(errorMessage(error, 'Failed to reset two-factor sign-in')),
  });
