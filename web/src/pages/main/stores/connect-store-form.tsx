import { Alert, Button, Stack } from '@chakra-ui/react';
import type { StoreKind } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { notify } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../libs/http-client';
import { useConnectStore } from '../../../services/stores/stores';

/**
 * One store's connect form, drawn from the fields the server says it asks for (the store checks them, and its
 * refusal is shown here in its words). Nothing is kept until the store accepts the keys.
 */
export const ConnectStoreForm = ({ store }: { store: StoreKind }): ReactElement => {
  const connect = useConnectStore();
  const empty = Object.fromEntries(store.fields.map((field) => [field.name, '']));
  const [values, setValues] = useState<Record<string, string>>(empty);
  const issueOf = (name: string) => (connect.isError && isApiError(connect.error) ? connect.error.issues?.find((issue) => issue.path === name)?.message : undefined);
  // A refusal that names one of the fields is shown under it; any other above the button.
  const onAField = store.fields.some((field) => issueOf(field.name) !== undefined);
  const refusal = connect.isError && !onAField ? errorMessage(connect.error, `Could not connect the ${store.displayName} store`) : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    connect.mutate(
      { kind: store.kind, ...values },
      {
        onSuccess: (connected) => {
          // An OAuth store: the seller approves at the store, which sends them back to this page (decision 107).
          if ('authorizeUrl' in connected) return window.location.assign(connected.authorizeUrl);
          setValues(empty);
          notify.success(`${connected.store.name} connected: ${connected.sync.imported} order${connected.sync.imported === 1 ? '' : 's'} imported`);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Connect ${store.displayName}`}>
      <Stack gap="4" maxW="xl">
        {store.fields.map((field) => (
          <FormField
            key={field.name}
            label={field.label}
            type={field.input === 'secret' ? 'password' : field.input === 'url' ? 'url' : 'text'}
            autoComplete="off"
            value={values[field.name] ?? ''}
            onChange={(e) => setValues((current) => ({ ...current, [field.name]: e.target.value }))}
            state={{ invalid: issueOf(field.name) !== undefined, message: issueOf(field.name) }}
            {...(field.hint ? { helperText: field.hint } : {})}
          />
        ))}
        {refusal && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{refusal}</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" alignSelf="flex-start" loading={connect.isPending} loadingText="Connecting">
          Connect {store.displayName}
        </Button>
      </Stack>
    </form>
  );
};
