import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { StoreConnection } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../libs/http-client';
import { formatDateTime } from '../../../libs/format';
import { useDisconnectStore, useSyncStore } from '../../../services/stores/stores';

/** The caller's connected stores: when each was last imported from (or why it failed), sync now, disconnect. */
export const ConnectionsList = ({ stores, kinds }: { stores: readonly StoreConnection[]; kinds: ReadonlyMap<string, string> }): ReactElement => {
  const sync = useSyncStore();
  const disconnect = useDisconnectStore();
  return (
    <Stack gap="3">
      {stores.map((store) => (
        <Card.Root key={store.id} variant="outline" size="sm" data-testid="store-connection" aria-label={`${kinds.get(store.kind) ?? store.kind} store ${store.name}`}>
          <Card.Body>
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Stack gap="0" minW="0">
                <Text fontWeight="semibold" wordBreak="break-all">
                  {store.name}
                </Text>
                <Text textStyle="sm" color="fg.muted">
                  {kinds.get(store.kind) ?? store.kind} · {store.lastSyncAt ? `imported ${formatDateTime(store.lastSyncAt)}` : 'not imported yet'}
                </Text>
                {store.lastError && (
                  <Text textStyle="sm" color="fg.error">
                    Last import failed: {store.lastError}
                  </Text>
                )}
              </Stack>
              <HStack gap="2">
                <Button
                  size="sm"
                  variant="outline"
                  loading={sync.isPending && sync.variables === store.id}
                  onClick={() =>
                    sync.mutate(store.id, {
                      onSuccess: (result) => notify.success(`${result.imported} new order${result.imported === 1 ? '' : 's'} imported`),
                      onError: (error) => notify.error(errorMessage(error, 'Could not import from the store')),
                    })
                  }
                >
                  Sync now
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  loading={disconnect.isPending && disconnect.variables === store.id}
                  onClick={() => disconnect.mutate(store.id, { onError: (error) => notify.error(errorMessage(error, 'Could not disconnect the store')) })}
                >
                  Disconnect
                </Button>
              </HStack>
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
};
