import { List, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { BulkReturns, ReturnQuote } from '@labeldesk/contracts';
import { useQueries } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { errorMessage } from '../../libs/http-client';
import { getReturnQuote, returnKeys, useCreateReturns } from '../../services/returns/return-labels';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { notify } from '../ui/toaster';
import { bulkReturnsPlan, bulkReturnsSentences } from './bulk-returns';

const outcomeText = (results: BulkReturns['results']): string => {
  const made = results.filter((result) => result.outcome === 'made').length;
  const existing = results.filter((result) => result.outcome === 'existing').length;
  const refused = results.filter((result) => result.outcome === 'refused').length;
  return [`${made} made`, ...(existing > 0 ? [`${existing} already had one`] : []), ...(refused > 0 ? [`${refused} refused`] : [])].join(', ');
};

/**
 * "Make return labels" for the ticked orders: each order's quote first (pay on use or prepaid, said before buying),
 * then one request that makes each order's return once.
 */
export const BulkReturnsDialog = ({ orderIds, userId, onClose, onDone }: { orderIds: readonly string[] | null; userId: string; onClose: () => void; onDone: () => void }): ReactElement => {
  const quotes = useQueries({
    queries: (orderIds ?? []).map((orderId) => ({ queryKey: returnKeys.quote(orderId), queryFn: ({ signal }: { signal: AbortSignal }) => getReturnQuote(orderId, null, signal), staleTime: 0, retry: false })),
  });
  const create = useCreateReturns(userId);
  const loading = quotes.some((quote) => quote.isPending);
  const priced = quotes.flatMap((quote) => (quote.data ? [quote.data as ReturnQuote] : []));
  const refused = quotes.flatMap((quote) => (quote.isError ? [errorMessage(quote.error, 'cannot have a return label')] : []));

  const confirm = () => {
    if (!orderIds) return;
    create.mutate(
      { orderIds: [...orderIds], again: false },
      {
        onSuccess: ({ results }) => {
          notify.success('Return labels', { description: outcomeText(results) });
          onDone();
        },
        onError: (error) => notify.error(errorMessage(error, 'The return labels could not be made')),
      },
    );
  };

  return (
    <ConfirmDialog
      open={orderIds !== null}
      title={`Make return labels for ${orderIds?.length ?? 0} orders?`}
      confirmLabel="Make return labels"
      loading={create.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      {loading ? (
        <Skeleton height="16" role="status" aria-label="Pricing the return labels" />
      ) : (
        <Stack gap="2" data-testid="bulk-returns-plan">
          <List.Root gap="1" ps="4">
            {bulkReturnsSentences(bulkReturnsPlan(priced)).map((sentence) => (
              <List.Item key={sentence}>{sentence}</List.Item>
            ))}
          </List.Root>
          {refused.length > 0 && (
            <Text textStyle="sm">
              {refused.length === 1 ? '1 order' : `${refused.length} orders`} will be skipped: {[...new Set(refused)].join(' ')}
            </Text>
          )}
        </Stack>
      )}
    </ConfirmDialog>
  );
};
