import { Button, Card, Field, Input, Stack } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { notify } from '../../../components/ui/toaster';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useZodForm } from '../../../hooks/use-zod-form';
import { errorMessage } from '../../../libs/http-client';
import { toUpdateMeBody, updateMeFormSchema, useUpdateMe } from '../../../services/auth/update-me';
import { useAuthStore } from '../../../stores/auth.store';
import { ApiKeysSection } from './api-keys-section';
import { TwoFactorSection } from './two-factor-section';
import { WebhooksSection } from './webhooks/webhooks-section';

const FORM_ID = 'account-form';

const AccountForm = ({ user }: { user: PublicUser }): ReactElement => {
  const update = useUpdateMe();
  const form = useZodForm(updateMeFormSchema, { name: user.name, password: '', currentPassword: '' });

  const onSubmit = form.handleSubmit((data) => {
    update.mutate(toUpdateMeBody(data), {
      onSuccess: () => {
        notify.success('Account updated successfully');
        form.setValue('password', '');
        form.setValue('currentPassword', '');
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
              <FormField
                label="New Password"
                type="password"
                autoComplete="new-password"
                helperText="Leave empty to keep unchanged"
                state={form.fieldState('password')}
                {...form.field('password')}
              />
              <FormField
                label="Current Password"
                type="password"
                autoComplete="current-password"
                helperText="Needed to set a new password; other devices are signed out"
                state={form.fieldState('currentPassword')}
                {...form.field('currentPassword')}
              />
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
      <TwoFactorSection user={user} />
      <ApiKeysSection />
      <WebhooksSection />
    </>
  );
};

export const AccountPage = (): ReactElement | null => {
  useDocumentTitle('Account');
  const user = useAuthStore((state) => state.user);
  // The shell renders pages only once a user is loaded; keying by id resets the form if the session changes.
  return user ? <AccountForm key={user._id} user={user} /> : null;
};
