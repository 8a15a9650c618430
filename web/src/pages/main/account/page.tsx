import { Box, Button, Card, Checkbox, Field, Input, List, Stack, Text } from '@chakra-ui/react';
import type { ApiKeySummary, PublicUser } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { notify } from '../../../components/ui/toaster';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSignedInAsCustomer } from '../../../hooks/use-signed-in-as-customer';
import { useZodForm } from '../../../hooks/use-zod-form';
import { errorMessage } from '../../../libs/http-client';
import { useApiKeys } from '../../../services/api-keys/api-keys';
import { toUpdateMeBody, updateMeFormSchema, useUpdateMe } from '../../../services/auth/update-me';
import { useAuthStore } from '../../../stores/auth.store';
import { ApiKeysSection } from './api-keys-section';
import { LabelSizeSection } from './label-size-section';
import { LoginAsNotice } from './login-as-notice';
import { TrackingEmailsSection } from './tracking-emails/tracking-emails-section';
import { TwoFactorSection } from './two-factor-section';
import { WebhooksSection } from './webhooks/webhooks-section';

const FORM_ID = 'account-form';

const PASSWORD_FIELDS = [
  { name: 'password', label: 'New Password', autoComplete: 'new-password', helperText: 'Leave empty to keep unchanged' },
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password', helperText: 'Needed to set a new password; other devices are signed out' },
] as const;

const keyCount = (n: number) => `${n} API key${n === 1 ? '' : 's'}`;

/**
 * Shown once a new password is typed and there are keys: they are revoked with the change unless unticked (decision
 * 072), since a key made with a stolen session would otherwise outlive the new password.
 */
const KeysToRevoke = ({ keys, checked, onChange }: { keys: readonly ApiKeySummary[]; checked: boolean; onChange: (checked: boolean) => void }): ReactElement => (
  <Box borderWidth="1px" rounded="md" p="3" data-testid="keys-to-revoke">
    <Checkbox.Root checked={checked} onCheckedChange={(details) => onChange(details.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>Also revoke my {keyCount(keys.length)}</Checkbox.Label>
    </Checkbox.Root>
    <List.Root textStyle="sm" color="fg.muted" mt="2" ms="6" aria-label="API keys revoked with the new password">
      {keys.map((key) => (
        <List.Item key={key.id}>
          {key.name} ({key.prefix}…{key.last4})
        </List.Item>
      ))}
    </List.Root>
    <Text textStyle="xs" color="fg.muted" mt="2">
      {checked ? 'Programs using them stop working at once.' : 'They keep working: revoke any you did not make yourself.'}
    </Text>
  </Box>
);

const AccountForm = ({ user }: { user: PublicUser }): ReactElement => {
  const update = useUpdateMe();
  const form = useZodForm(updateMeFormSchema, { name: user.name, password: '', currentPassword: '' });
  const signedInAsCustomer = useSignedInAsCustomer();
  const keys = useApiKeys();
  const [revokeKeys, setRevokeKeys] = useState(true);
  const changingPassword = form.values.password !== '';
  const liveKeys = keys.data ?? [];

  const onSubmit = form.handleSubmit((data) => {
    update.mutate(toUpdateMeBody(data, revokeKeys), {
      onSuccess: (result) => {
        notify.success(result.revokedApiKeys ? `Account updated successfully; ${keyCount(result.revokedApiKeys)} revoked` : 'Account updated successfully');
        form.setValue('password', '');
        form.setValue('currentPassword', '');
        setRevokeKeys(true);
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to update account')),
    });
  });

  return (
    <>
      <PageHeader
        title="Account"
        description="Change your name or set a new password."
        actions={
          <Button type="submit" form={FORM_ID} loading={update.isPending} loadingText="Updating">
            Update
          </Button>
        }
      />
      <Card.Root variant="outline" maxW="xl">
        <Card.Body>
          <form id={FORM_ID} onSubmit={onSubmit} noValidate>
            <Stack gap="5">
              <FormField label="Name" autoComplete="name" state={form.fieldState('name')} {...form.field('name')} />
              <Field.Root disabled>
                <Field.Label>Email</Field.Label>
                <Input type="email" value={user.email} readOnly />
                <Field.HelperText>Your email address cannot be changed.</Field.HelperText>
              </Field.Root>
              {signedInAsCustomer ? (
                <LoginAsNotice>Signed in as this customer, you cannot change their password: you may change their name.</LoginAsNotice>
              ) : (
                <>
                  {PASSWORD_FIELDS.map(({ name, ...field }) => (
                    <FormField key={name} type="password" {...field} state={form.fieldState(name)} {...form.field(name)} />
                  ))}
                  {changingPassword && liveKeys.length > 0 && <KeysToRevoke keys={liveKeys} checked={revokeKeys} onChange={setRevokeKeys} />}
                </>
              )}
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
      <LabelSizeSection userId={user._id} />
      <TwoFactorSection user={user} />
      <ApiKeysSection />
      <WebhooksSection />
      <TrackingEmailsSection />
    </>
  );
};

export const AccountPage = (): ReactElement | null => {
  useDocumentTitle('Account');
  const user = useAuthStore((state) => state.user);
  // The shell renders pages only once a user is loaded; keying by id resets the form if the session changes.
  return user ? <AccountForm key={user._id} user={user} /> : null;
};
