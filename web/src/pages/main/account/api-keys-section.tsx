import { Badge, Box, Button, Card, Checkbox, Code, Heading, HStack, Link, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { API_SCOPE_MEANINGS, API_SCOPES, ErrorCode, type ApiKeySummary, type ApiScope } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { FormField } from '../../../components/ui/form-field';
import { notify } from '../../../components/ui/toaster';
import { useSignedInAsCustomer } from '../../../hooks/use-signed-in-as-customer';
import { errorMessage, isApiError } from '../../../libs/http-client';
import { formatDateTime } from '../../../libs/format';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../../../services/api-keys/api-keys';
import { useAuthStore } from '../../../stores/auth.store';
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

type Proof = 'password' | 'code';

const REFUSAL_ID = 'api-key-confirmation-refused';

const PROOF_FIELD: Record<Proof, { label: string; type: string; autoComplete: string; helperText: string }> = {
  password: { label: 'Your password', type: 'password', autoComplete: 'current-password', helperText: 'A key outlives this session: confirm it is you.' },
  code: { label: 'Two-factor code', type: 'text', autoComplete: 'one-time-code', helperText: 'From your authenticator app, or a recovery code.' },
};

/**
 * A key outlives the session that makes it, so making one asks who is there again (decision 072): the password, or
 * with two-factor sign-in on, a code instead. A wrong one is said under the field; the session goes on.
 */
const CreateKeyForm = ({ onCreated, twoFactorEnabled }: { onCreated: (key: string) => void; twoFactorEnabled: boolean }): ReactElement => {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ReadonlySet<ApiScope>>(new Set(['labels:read']));
  const [proof, setProof] = useState<Proof>('password');
  const [secret, setSecret] = useState('');
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((current) => {
      const next = new Set(current);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });
  const switchProof = () => {
    setProof((current) => (current === 'password' ? 'code' : 'password'));
    setSecret('');
    setRefusal(undefined);
  };
  const submit = () =>
    create.mutate(
      { name: name.trim(), scopes: [...scopes], ...(proof === 'password' ? { password: secret } : { code: secret.trim() }) },
      {
        onSuccess: (created) => {
          setName('');
          setSecret('');
          setRefusal(undefined);
          onCreated(created.key);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === ErrorCode.AUTH_CONFIRMATION_FAILED) setRefusal(error.message);
          else notify.error(errorMessage(error, 'Could not create the key'));
        },
      },
    );
  const field = PROOF_FIELD[proof];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-label="Create an API key"
    >
      <Stack gap="3">
        <FormField label="Key name" placeholder="e.g. Warehouse script" value={name} onChange={(event) => setName(event.target.value)} maxLength={60} />
        <Wrap gap="4" role="group" aria-label="Scopes">
          {API_SCOPES.map((scope) => (
            <Checkbox.Root key={scope} size="sm" checked={scopes.has(scope)} onCheckedChange={(details) => toggle(scope, details.checked === true)}>
              <Checkbox.HiddenInput aria-label={scope} />
              <Checkbox.Control />
              <Checkbox.Label title={API_SCOPE_MEANINGS[scope]}>{scope}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
        <Box maxW="sm">
          <FormField
            key={proof}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete}
            value={secret}
            maxLength={proof === 'password' ? 128 : 40}
            onChange={(event) => {
              setSecret(event.target.value);
              setRefusal(undefined);
            }}
            // The refusal in the theme's status red: Field.ErrorText's fg.error misses AA contrast in light mode.
            {...(refusal ? { state: { invalid: true, message: undefined }, 'aria-describedby': REFUSAL_ID } : { helperText: field.helperText })}
          />
          {refusal && (
            <Text id={REFUSAL_ID} role="alert" textStyle="xs" color="status.failed.fg" mt="1.5">
              {refusal}
            </Text>
          )}
          {twoFactorEnabled && (
            <Button type="button" variant="plain" size="xs" px="0" colorPalette="brand" onClick={switchProof}>
              {proof === 'password' ? 'Use a two-factor code instead' : 'Use your password instead'}
            </Button>
          )}
        </Box>
        <Box>
          <Button type="submit" size="sm" loading={create.isPending} disabled={name.trim() === '' || scopes.size === 0 || secret.trim() === ''}>
            Create key
          </Button>
        </Box>
      </Stack>
    </form>
  );
};

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
