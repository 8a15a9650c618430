import { Alert, Button, Link, Stack, Text } from '@chakra-ui/react';
import { resetPasswordBodySchema } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../components/auth/auth-layout';
import { FormAlert } from '../../components/ui/form-alert';
import { FormField } from '../../components/ui/form-field';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useZodForm } from '../../hooks/use-zod-form';
import { errorMessage } from '../../libs/http-client';
import { useResetPassword } from '../../services/auth/password-reset';

const LinkToLogin = (): ReactElement => (
  <Link asChild color="brand.fg" fontWeight="medium">
    <RouterLink to="/login">Go to login</RouterLink>
  </Link>
);

/** Opened from the e-mailed (or operator-issued) link: `/reset-password?token=…`. The link works once. */
export const ResetPasswordPage = (): ReactElement => {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const form = useZodForm(resetPasswordBodySchema, { token: params.get('token') ?? '', password: '', confirmPassword: '' });
  const onSubmit = form.handleSubmit((body) => reset.mutate(body));
  // A link cut short in an e-mail client is said at once, before anyone types a password.
  const tokenProblem = !/^[A-Za-z0-9_-]{40,60}$/.test(params.get('token') ?? '');

  return (
    <AuthLayout title="Choose a new password" description="Your other sessions end when the new password is set." footer={<Text><LinkToLogin /></Text>}>
      {reset.isSuccess ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Password changed</Alert.Title>
            <Alert.Description>{reset.data.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : tokenProblem ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>This reset link is not valid</Alert.Title>
            <Alert.Description>
              Open the whole link from the e-mail, or{' '}
              <Link asChild color="brand.fg">
                <RouterLink to="/forgot-password">ask for a new one</RouterLink>
              </Link>
              .
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            <FormAlert message={form.formError ?? (reset.isError ? errorMessage(reset.error, 'Something went wrong. Please try again.') : undefined)} />
            <FormField label="New password" type="password" autoComplete="new-password" state={form.fieldState('password')} {...form.field('password')} />
            <FormField label="Confirm new password" type="password" autoComplete="new-password" state={form.fieldState('confirmPassword')} {...form.field('confirmPassword')} />
            <Button type="submit" loading={reset.isPending} loadingText="Saving" size="lg">
              Set new password
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
};
