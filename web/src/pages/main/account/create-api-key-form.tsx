import { Box, Button, Checkbox, Stack, Text, Wrap } from '@chakra-ui/react';
import { API_SCOPE_MEANINGS, API_SCOPES, ErrorCode, type ApiMode, type ApiScope } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { notify } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../libs/http-client';
import { useCreateApiKey } from '../../../services/api-keys/api-keys';

type Proof = 'password' | 'code';

const REFUSAL_ID = 'api-key-confirmation-refused';

const PROOF_FIELD: Record<Proof, { label: string; type: string; autoComplete: string; helperText: string }> = {
  password: { label: 'Your password', type: 'password', autoComplete: 'current-password', helperText: 'A key outlives this session: confirm it is you.' },
  code: { label: 'Two-factor code', type: 'text', autoComplete: 'one-time-code', helperText: 'From your authenticator app, or a recovery code.' },
};

/** The new key's name, scopes and proof; a refused proof is kept to show under its field. */
const useCreateKeyForm = (onCreated: (key: string) => void) => {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ReadonlySet<ApiScope>>(new Set(['labels:read']));
  const [mode, setMode] = useState<ApiMode>('live');
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
  const typeSecret = (value: string) => {
    setSecret(value);
    setRefusal(undefined);
  };
  const submit = () =>
    create.mutate(
      { name: name.trim(), scopes: [...scopes], mode, ...(proof === 'password' ? { password: secret } : { code: secret.trim() }) },
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
  return { name, setName, scopes, toggle, mode, setMode, proof, switchProof, secret, typeSecret, refusal, submit, creating: create.isPending };
};

type KeyForm = ReturnType<typeof useCreateKeyForm>;

/** The password or the code, the refusal under it, and (with two-factor on) the switch between them. */
const ProofField = ({ form, twoFactorEnabled }: { form: KeyForm; twoFactorEnabled: boolean }): ReactElement => {
  const { proof, secret, refusal } = form;
  const field = PROOF_FIELD[proof];
  return (
    <Box maxW="sm">
      <FormField
        key={proof}
        label={field.label}
        type={field.type}
        autoComplete={field.autoComplete}
        value={secret}
        maxLength={proof === 'password' ? 128 : 40}
        onChange={(event) => form.typeSecret(event.target.value)}
        // The refusal in the theme's status red: Field.ErrorText's fg.error misses AA contrast in light mode.
        {...(refusal ? { state: { invalid: true, message: undefined }, 'aria-describedby': REFUSAL_ID } : { helperText: field.helperText })}
      />
      {refusal && (
        <Text id={REFUSAL_ID} role="alert" textStyle="xs" color="status.failed.fg" mt="1.5">
          {refusal}
        </Text>
      )}
      {twoFactorEnabled && (
        <Button type="button" variant="plain" size="xs" px="0" colorPalette="brand" onClick={form.switchProof}>
          {proof === 'password' ? 'Use a two-factor code instead' : 'Use your password instead'}
        </Button>
      )}
    </Box>
  );
};

/**
 * A key outlives the session that makes it, so making one asks who is there again (decision 072): the password, or
 * with two-factor sign-in on, a code instead. A wrong one is said under the field; the session goes on.
 */
export const CreateKeyForm = ({ onCreated, twoFactorEnabled }: { onCreated: (key: string) => void; twoFactorEnabled: boolean }): ReactElement => {
  const form = useCreateKeyForm(onCreated);
  const { name, scopes, secret } = form;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
      aria-label="Create an API key"
    >
      <Stack gap="3">
        <FormField label="Key name" placeholder="e.g. Warehouse script" value={name} onChange={(event) => form.setName(event.target.value)} maxLength={60} />
        <Wrap gap="4" role="group" aria-label="Scopes">
          {API_SCOPES.map((scope) => (
            <Checkbox.Root key={scope} size="sm" checked={scopes.has(scope)} onCheckedChange={(details) => form.toggle(scope, details.checked === true)}>
              <Checkbox.HiddenInput aria-label={scope} />
              <Checkbox.Control />
              <Checkbox.Label title={API_SCOPE_MEANINGS[scope]}>{scope}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
        <Checkbox.Root size="sm" checked={form.mode === 'test'} onCheckedChange={(details) => form.setMode(details.checked === true ? 'test' : 'live')}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Test key (ld_test_…): a test balance of its own, never your real money</Checkbox.Label>
        </Checkbox.Root>
        <ProofField form={form} twoFactorEnabled={twoFactorEnabled} />
        <Box>
          <Button type="submit" size="sm" loading={form.creating} disabled={name.trim() === '' || scopes.size === 0 || secret.trim() === ''}>
            Create key
          </Button>
        </Box>
      </Stack>
    </form>
  );
};
