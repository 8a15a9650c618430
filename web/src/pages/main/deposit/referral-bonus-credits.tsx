import { Box, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { GiftIcon } from '../../../components/ui/icons';
import { formatCents, formatDateTime } from '../../../libs/format';
import { useReferralBonusCredits } from '../../../services/referral-bonus/list-referral-bonus-credits';

/**
 * The referral bonuses added to the balance (decision 087): they are credits but not deposits, so they are listed here
 * beside the deposit history rather than in it. Shown only once there is one.
 */
export const ReferralBonusCredits = ({ userId }: { userId: string }): ReactElement | null => {
  const credits = useReferralBonusCredits(userId);
  if (!credits.data || credits.data.length === 0) return null;
  return (
    <Card.Root variant="outline" size="sm" as="section" aria-labelledby="referral-bonus-credits-heading">
      <Card.Body gap="3">
        <Box>
          <Heading as="h2" size="md" id="referral-bonus-credits-heading">
            Bonuses
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            Added to your balance; spend them on labels like any deposit.
          </Text>
        </Box>
        <Stack as="ul" gap="2" listStyleType="none">
          {credits.data.map((credit) => (
            <Flex as="li" key={`${credit.createdAt}-${credit.reference}`} gap="3" align="center" justify="space-between" wrap="wrap">
              <Flex gap="2" align="center" minW="0">
                <Text as="span" color="brand.fg" aria-hidden="true">
                  <GiftIcon />
                </Text>
                <Text fontWeight="medium">{credit.reference}</Text>
                <Text color="fg.muted" textStyle="sm">
                  {formatDateTime(credit.createdAt)}
                </Text>
              </Flex>
              <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                +{formatCents(credit.amountCents)}
              </Text>
            </Flex>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
};
