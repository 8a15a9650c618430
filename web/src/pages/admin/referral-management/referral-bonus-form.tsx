import { Box, Button, Card, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { describeReferralBonus, REFERRAL_BONUS_RECIPIENTS, type ReferralBonusRecipients, type ReferralBonusSettings } from '@labeldesk/contracts';
import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { QueryState } from '../../../components/ui/query-state';
import { SelectField } from '../../../components/ui/select-field';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../libs/http-client';
import { useReferralBonus } from '../../../services/referral-bonus/get-referral-bonus';
import { useSetReferralBonus } from '../../../services/referral-bonus/set-referral-bonus';
import { checkDraft, draftOf, RECIPIENT_LABELS, type DraftField, type ReferralBonusDraft } from './referral-bonus-draft';

const fieldState = (problems: Partial<Record<DraftField, string>>, field: DraftField) => ({ invalid: problems[field] !== undefined, message: problems[field] });

/** The form over the saved settings: checked as typed, saved with Save, the sentence customers read shown live. */
const BonusForm = ({ saved }: { saved: ReferralBonusSettings }): ReactElement => {
  const save = useSetReferralBonus();
  const [draft, setDraft] = useState<ReferralBonusDraft>(() => draftOf(saved));
  const check = checkDraft(draft);
  const problems = check.ok ? {} : check.problems;
  const unchanged = check.ok && JSON.stringify(check.settings) === JSON.stringify(saved);
  const edit = (field: DraftField) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check.ok || save.isPending) return;
    save.mutate(check.settings, {
      onSuccess: (settings) => {
        notify.success(settings.amountCents === 0 ? 'Referral bonus turned off' : 'Referral bonus saved');
        setDraft(draftOf(settings));
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to save the referral bonus')),
    });
  };

  const preview = check.ok ? (describeReferralBonus(check.settings) ?? 'Off: nobody gets a bonus, and the Invite page mentions none.') : null;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="referral-bonus-heading">
      <Stack gap="4">
        <Flex direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'flex-start' }}>
          <Box flex="1" minW="0">
            <FormField
              label="Bonus amount ($)"
              name="bonus-amount"
              inputMode="decimal"
              autoComplete="off"
              value={draft.amount}
              onChange={(event) => edit('amount')(event.target.value)}
              state={fieldState(problems, 'amount')}
              helperText="Up to $100.00; 0 turns the bonus off."
            />
          </Box>
          <Box flex="1" minW="0">
            <SelectField label="Who gets it" name="bonus-recipients" value={draft.recipients} onChange={edit('recipients')} state={fieldState(problems, 'recipients')}>
              {REFERRAL_BONUS_RECIPIENTS.map((recipients: ReferralBonusRecipients) => (
                <option key={recipients} value={recipients}>
                  {RECIPIENT_LABELS[recipients]}
                </option>
              ))}
            </SelectField>
          </Box>
          <Box flex="1" minW="0">
            <FormField
              label="Minimum first top-up ($)"
              name="bonus-minimum"
              inputMode="decimal"
              autoComplete="off"
              value={draft.minimum}
              onChange={(event) => edit('minimum')(event.target.value)}
              state={fieldState(problems, 'minimum')}
              helperText="Paid only when the customer's first top-up is at least this."
            />
          </Box>
        </Flex>
        <Flex direction={{ base: 'column', sm: 'row' }} gap="3" justify="space-between" align={{ base: 'stretch', sm: 'center' }}>
          <Text textStyle="sm" color="fg.muted" aria-live="polite">
            {preview}
          </Text>
          <Button type="submit" disabled={!check.ok || unchanged || save.isPending} loading={save.isPending} loadingText="Saving" minW="28" flexShrink={0}>
            Save
          </Button>
        </Flex>
      </Stack>
    </form>
  );
};

/** Decision 087: the bonus a referred customer's first top-up earns, set for everybody. */
export const ReferralBonusCard = (): ReactElement => {
  const settings = useReferralBonus();
  return (
    <Card.Root variant="outline" size="sm" as="section" aria-labelledby="referral-bonus-heading">
      <Card.Body gap="4">
        <Box>
          <Heading as="h2" size="md" id="referral-bonus-heading">
            Referral bonus
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            Credited once, to the balance, when a customer who signed up with a code makes a large enough first top-up.
          </Text>
        </Box>
        <QueryState query={settings} loading={<Skeleton height="24" rounded="md" aria-label="Loading the referral bonus" />} error={{ title: 'Failed to load the referral bonus', description: errorMessage(settings.error, 'An error occurred while loading the data') }}>
          {(saved) => <BonusForm saved={saved} />}
        </QueryState>
      </Card.Body>
    </Card.Root>
  );
};
