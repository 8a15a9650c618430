import type { PublicUser } from '@labeldesk/contracts';
import { useState } from 'react';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../libs/http-client';
import { newIdempotencyKey } from '../../../libs/idempotency-key';
import { useUpdateUserDetails } from '../../../services/users/update-user-details';
import type { PendingDetails } from './confirm-details-dialog';
import { checkDraft, draftFor } from './user-details';
import type { DetailsDraft, DetailsErrors } from './user-details';

/**
 * Spec 2/8: Edit/Save on a row's balance and referral code, a 'Confirm User Details Update' before anything is
 * sent, then the spec's toasts; after a failure the list is read again (`refetchList`).
 */
export const useDetailsEditor = (meId: string, refetchList: () => Promise<{ isError: boolean }>) => {
  const updateDetails = useUpdateUserDetails();
  const [draft, setDraft] = useState<DetailsDraft | null>(null);
  const [draftErrors, setDraftErrors] = useState<DetailsErrors>({});
  const [pending, setPending] = useState<PendingDetails | null>(null);

  const cancel = () => {
    setDraft(null);
    setDraftErrors({});
  };

  const edit = (user: PublicUser) => {
    setDraft(draftFor(user, meId));
    setDraftErrors({});
  };

  const change = (patch: Partial<DetailsDraft>) => setDraft((current) => (current ? { ...current, ...patch } : current));

  const save = (user: PublicUser) => {
    if (!draft) return;
    const checked = checkDraft(user, draft);
    if ('errors' in checked) {
      setDraftErrors(checked.errors);
      return;
    }
    setDraftErrors({});
    setPending({ user, body: checked.body, idempotencyKey: newIdempotencyKey() });
  };

  const accept = () => {
    if (!pending || updateDetails.isPending) return;
    updateDetails.mutate(
      { id: pending.user._id, body: pending.body, idempotencyKey: pending.idempotencyKey },
      {
        onSuccess: () => {
          notify.success('User details updated successfully!');
          setPending(null);
          cancel();
          void refetchList();
        },
        onError: async (error) => {
          notify.error(errorMessage(error, 'Failed to update user details.'));
          setPending(null);
          if ((await refetchList()).isError) notify.error('Error refreshing data. Please reload the page.');
        },
      },
    );
  };

  return { draft, draftErrors, pending, saving: updateDetails.isPending, edit, change, save, cancel, accept, dismiss: () => setPending(null) };
};
