import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { alreadyShippedLeftOutMessage, type StoreBatchResponse, type StoreConnection } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { TestModeBuyReason, useBuyBlockedByTestMode } from '../../../components/layout/test-mode';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { refreshSession } from '../../../services/auth/refresh-session';
import { bulkOrderKeys } from '../../../services/bulk-orders/keys';
import { useFilteredInbox, type InboxFilters as Filters } from '../../../services/stores/store-inbox';
import { useBulkProgressStore } from '../../../stores/bulk-progress.store';
import { InboxBuyDialog } from './inbox-buy-dialog';
import { InboxFilters } from './inbox-filters';
import { InboxResults } from './inbox-results';

const toggled = (set: ReadonlySet<string>, ids: readonly string[], on: boolean): Set<string> => {
  const next = new Set(set);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
};

/**
 * "Awaiting shipment" (issue 47, decision 113): the imported orders of every connected store, filtered and searched,
 * selected (across pages) and bought as one batch; the batch's progress and files are the bulk widget's.
 */
export const InboxSection = ({ userId, stores }: { userId: string; stores: readonly StoreConnection[] }): ReactElement => {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>({ store: '', q: '' });
  const asked = useDebouncedValue(filters, 300);
  const inbox = useFilteredInbox(page, asked);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [buyAnother, setBuyAnother] = useState<ReadonlySet<string>>(new Set());
  // Orders seen selected, so a selection made on another page still knows which are already shipped.
  const [shipped, setShipped] = useState<ReadonlySet<string>>(new Set());
  const [buying, setBuying] = useState(false);
  const liveOnly = useBuyBlockedByTestMode();
  const [result, setResult] = useState<StoreBatchResponse | null>(null);
  const leftOutCount = [...selected].filter((id) => shipped.has(id) && !buyAnother.has(id)).length;

  const select = (ids: readonly string[], on: boolean) => {
    setSelected((current) => toggled(current, ids, on));
    const marked = (inbox.data?.orders ?? []).filter((order) => ids.includes(order.id) && order.shipped).map((order) => order.id);
    setShipped((current) => toggled(current, marked, true));
  };

  const bought = (answer: StoreBatchResponse) => {
    setBuying(false);
    setResult(answer);
    setSelected(new Set());
    setBuyAnother(new Set());
    useBulkProgressStore.getState().initialize({ orderId: answer.orderId, totalCount: answer.totalCount, alreadyShippedCount: answer.alreadyShippedCount ?? 0 });
    void refreshSession(queryClient);
    void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.all });
  };

  return (
    <Stack gap="3">
      <InboxFilters
        stores={stores}
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {result && (
        <Alert.Root status="success" data-testid="inbox-bought">
          <Alert.Indicator />
          <Alert.Description>
            {result.totalCount} label{result.totalCount === 1 ? ' is' : 's are'} being bought; the batch's files and SCAN form are in Batch Orders.
            {result.leftOut.length > 0 && ` ${alreadyShippedLeftOutMessage(result.leftOut.length)}: ${result.leftOut.map((order) => `#${order.orderNumber}`).join(', ')}.`}
          </Alert.Description>
        </Alert.Root>
      )}
      {result?.customsRefused && result.customsRefused.length > 0 && (
        // Orders abroad whose SKUs lack what customs need stay awaiting (decision 121): each says which SKU to complete.
        <Alert.Root status="warning" data-testid="inbox-customs-refused">
          <Alert.Indicator />
          <Alert.Description>
            Not bought for their customs (complete the SKU in SKU Management, then buy again): {result.customsRefused.map((order) => order.message).join('; ')}.
          </Alert.Description>
        </Alert.Root>
      )}
      <InboxResults inbox={inbox} filtered={Boolean(asked.store || asked.q)} page={page} onPage={setPage} selection={{ selected, buyAnother, onSelect: select, onBuyAnother: (id, on) => setBuyAnother((current) => toggled(current, [id], on)) }} />
      <TestModeBuyReason />
      <HStack gap="3" wrap="wrap">
        <Button disabled={selected.size === 0 || liveOnly.blocked} aria-describedby={liveOnly.describedBy} onClick={() => setBuying(true)}>
          Buy labels{selected.size > 0 ? ` (${selected.size} selected)` : ''}
        </Button>
        {selected.size > 0 && (
          <Button variant="ghost" colorPalette="gray" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        )}
      </HStack>
      <InboxBuyDialog
        userId={userId}
        open={buying}
        onClose={() => setBuying(false)}
        storeOrderIds={[...selected]}
        buyAnother={[...buyAnother].filter((id) => selected.has(id))}
        leftOutCount={leftOutCount}
        onBought={bought}
      />
    </Stack>
  );
};
