import { Box, Button, Field, Flex, Input } from '@chakra-ui/react';
import { AuthRpc } from '@labeldesk/contracts';
import type { PublicUser } from '@labeldesk/contracts';
import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../libs/http-client';
import { useUpdateReferralCode } from '../../../services/invites/update-referral-code';

interface ReferralCodeFormProps {
  users: readonly PublicUser[];
  selected: PublicUser | null;
  onSelect: (userId: string) => void;
}

/** The auth service's own rule for a code an admin sets (length, letters, digits, - and _), checked as the admin types. */
const codeProblem = (userId: string, code: string): string | undefined => {
  const parsed = AuthRpc.setReferralCode.request.safeParse({ userId, referralCode: code });
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'referralCode')?.message;
};

/** Spec section 2 and 5: pick a user, edit their code; both stay disabled until a user is picked, Update needs a code. */
export const ReferralCodeForm = ({ users, selected, onSelect }: ReferralCodeFormProps): ReactElement => {
  const update = useUpdateReferralCode();
  // The draft belongs to the user it was typed for: picking another user starts from their stored code.
  const [draft, setDraft] = useState<{ userId: string; code: string } | null>(null);
  const code = selected && draft?.userId === selected._id ? draft.code : (selected?.referralCode ?? '');
  const problem = selected && code.trim() !== '' ? codeProblem(selected._id, code) : undefined;
  const canUpdate = selected !== null && code.trim() !== '' && problem === undefined && !update.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!selected || !canUpdate) return;
    update.mutate(
      { userId: selected._id, referralCode: code.trim() },
      {
        onSuccess: (user) => {
          notify.success('Referral code updated successfully');
          setDraft({ userId: user._id, code: user.referralCode });
        },
        onError: (error) => notify.error(errorMessage(error, 'Failed to update referral code')),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Referral code">
      <Flex direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'flex-start' }}>
        <Box flex="3" minW="0">
          <SelectField label="Select User" name="referral-user" value={selected?._id ?? ''} placeholder="Choose a user" onChange={onSelect}>
            {users.map((user) => (
              <option key={user._id} value={user._id}>
                {`${user.name} (${user.email})`}
              </option>
            ))}
          </SelectField>
        </Box>
        <Field.Root flex="2" minW="0" disabled={!selected || update.isPending} invalid={problem !== undefined}>
          <Field.Label>Referral Code</Field.Label>
          <Input
            name="referral-code"
            autoComplete="off"
            fontFamily="mono"
            value={code}
            onChange={(event) => selected && setDraft({ userId: selected._id, code: event.target.value })}
          />
          {problem ? <Field.ErrorText>{problem}</Field.ErrorText> : <Field.HelperText>Unique; stored in capitals.</Field.HelperText>}
        </Field.Root>
        <Button type="submit" disabled={!canUpdate} loading={update.isPending} loadingText="Updating" mt={{ base: '0', md: '6' }} flexShrink={0} minW="28">
          Update
        </Button>
      </Flex>
    </form>
  );
};
