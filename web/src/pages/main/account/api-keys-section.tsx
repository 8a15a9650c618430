import { Badge, Box, Button, Card, Code, Heading, HStack, Link, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import type { ApiKeySummary } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { TestModeBadge } from '../../../components/ui/test-mode-badge';
import { notify } from '../../../components/ui/toaster';
import { useSignedInAsCustomer } from '../../../hooks/use-signed-in-as-customer';
import { errorMessage } from '../../../libs/http-client';
import { formatDateTime } from '../../../libs/format';
import { useApiKeys, useRevokeApiKey } from '../../../services/api-keys/api-keys';
import { useAuthStore } from '../../../stores/auth.store';
import { CreateKeyForm } from './create-api-key-form';
import { LoginAsNotice } from './login-as-notice';

/** Shown once, right after creation: the server keeps only a hash, so this is the only chance to copy it. */
const NewKey = ({ value, onDone }: { value: string; onDone: () => void }): ReactElement => (
  <Box borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" p="4" data-testid="new-api-key">
    <Text fontWeight="medium" mb="2">
      Copy your new key now: it will not be shown again.
    </Text>
    <HStack gap="2" align="center">
      <Code fontFamily="mono" textStyle="sm" wordBreak="break-all" data-testid="new-api-key-value">
        {value}
      </Code>
      <CopyButton value={value} label="Copy API key" />
    </HStack>
    <Button size="sm" variant="outline" mt="3" onClick={onDone}>
      Done
    </Button>
  </Box>
);

const KeysTable = ({ keys, onRevoke }: { keys: readonly ApiKeySummary[]; onRevoke: ((key: ApiKeySummary) => void) | null }): ReactElement => (
  <Table.ScrollArea borderWidth="1px" rounded="md">
    <Table.Root size="sm" aria-label="API keys">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Name</Table.ColumnHeader>
          <Table.ColumnHeader>Key</Table.ColumnHeader>
          <Table.ColumnHeader>Scopes</Table.ColumnHeader>
          <Table.ColumnHeader>Created</Table.ColumnHeader>
          <Table.ColumnHeader>Last used</Table.ColumnHeader>
          {onRevoke && <Table.ColumnHeader textAlign="end">Revoke</Table.ColumnHeader>}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {keys.map((key) => (
          <Table.Row key={key.id} data-testid="api-key-row" data-key-name={key.name}>
            <Table.Cell>{key.name}</Table.Cell>
            <Table.Cell fontFamily="mono" textStyle="xs" whiteSpace="nowrap">
              {key.prefix}…{key.last4}
              {key.mode === 'test' && <TestModeBadge ms="2" title="The test balance only, never your real money" />}
            </Table.Cell>
            <Table.Cell>
              <Wrap gap="1">
                {key.scopes.map((scope) => (
                  <Badge key={scope} size="sm" variant="subtle">
                    {scope}
                  </Badge>
                ))}
              </Wrap>
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDateTime(key.createdAt)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</Table.Cell>
            {onRevoke && (
              <Table.Cell textAlign="end">
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                  Revoke
                </Button>
              </Table.Cell>
            )}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  </Table.ScrollArea>
);

/**
 * The Account page's API keys (decision 049): create one with a name and scopes (and the password or a code, decision
 * 072), copy it once, see the keys by prefix and last four, revoke one. A key works on the REST API as
 * `Authorization: Bearer <key>`; /api/docs lists each route's scope. An admin signed in as the customer sees the keys
 * only: making or revoking one is the holder's.
 */
export const ApiKeysSection = (): ReactElement => {
  const keys = useApiKeys();
  const twoFactorEnabled = useAuthStore((state) => state.user?.twoFactorEnabled === true);
  const signedInAsCustomer = useSignedInAsCustomer();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  return (
    <Card.Root variant="outline" maxW="4xl" mt="6" data-testid="api-keys-section">
      <Card.Body>
        <Stack gap="4">
          <Box>
            <Heading as="h2" size="md">
              API keys
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              Use the API from your own software: send a key as <Code>Authorization: Bearer &lt;key&gt;</Code>. It acts as you, with only the scopes you
              choose. See{' '}
              <Link href="/api/docs" colorPalette="brand" variant="underline">
                /api/docs
              </Link>{' '}
              for the scope each route needs.
            </Text>
          </Box>
          {signedInAsCustomer ? (
            <LoginAsNotice>Signed in as this customer, you cannot create or revoke their API keys: a key would outlive your session.</LoginAsNotice>
          ) : created ? (
            <NewKey value={created} onDone={() => setCreated(null)} />
          ) : (
            <CreateKeyForm onCreated={setCreated} twoFactorEnabled={twoFactorEnabled} />
          )}
          {keys.isError ? (
            <Text color="fg.error">{errorMessage(keys.error, 'Could not load your API keys')}</Text>
          ) : keys.data && keys.data.length > 0 ? (
            <KeysTable keys={keys.data} onRevoke={signedInAsCustomer ? null : setRevoking} />
          ) : keys.data ? (
            <Text color="fg.muted" textStyle="sm">
              No API keys yet.
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key"
        confirmLabel="Revoke"
        tone="danger"
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notify.success(`Revoked ${revoking.name}`);
              setRevoking(null);
            },
            onError: (error) => notify.error(errorMessage(error, 'Could not revoke the key')),
          });
        }}
      >
        {revoking ? `Programs using "${revoking.name}" (${revoking.prefix}…${revoking.last4}) stop working at once. This cannot be undone.` : null}
      </ConfirmDialog>
    </Card.Root>
  );
};
