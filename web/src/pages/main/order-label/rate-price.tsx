import { Stack, Text } from '@chakra-ui/react';
import type { Rate } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { formatCents } from '../../../libs/format';

/** A rate's price at the right of its row, with the carrier's cost and our margin under it for admins. */
export const RatePrice = ({ rate, testId }: { rate: Pick<Rate, 'priceCents' | 'costCents' | 'marginCents'>; testId?: string }): ReactElement => (
  <Stack gap="0" align="end" flexShrink={0}>
    <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid={testId}>
      {formatCents(rate.priceCents)}
    </Text>
    {rate.costCents !== undefined && rate.marginCents !== undefined && (
      <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
        cost {formatCents(rate.costCents)} · margin {formatCents(rate.marginCents)}
      </Text>
    )}
  </Stack>
);
