import { HStack, Text } from '@chakra-ui/react';
import { describeReferralBonus } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { GiftIcon } from '../../../components/ui/icons';
import { useReferralBonus } from '../../../services/referral-bonus/get-referral-bonus';

/**
 * What a friend (and the inviter) gets, when an admin has set a bonus (decision 087). Off, loading or unreadable: nothing
 * is said of a bonus, so the page never promises one that is not paid.
 */
export const ReferralBonusNote = (): ReactElement | null => {
  const settings = useReferralBonus();
  const sentence = settings.data ? describeReferralBonus(settings.data) : null;
  if (!sentence) return null;
  return (
    <HStack gap="2" align="flex-start" borderWidth="1px" borderColor="brand.muted" bg="brand.subtle" rounded="md" px="3" py="2">
      <Text as="span" color="brand.fg" aria-hidden="true" mt="0.5">
        <GiftIcon />
      </Text>
      <Text textStyle="sm">
        {sentence}
      </Text>
    </HStack>
  );
};
