import { Alert, Button, Link, Stack, Text } from '@chakra-ui/react';
import { forgotPasswordBodySchema } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from '../../components/auth/auth-layout';
import { FormAlert } from '../../components/ui/form-alert';
import { FormField } from '../../components/ui/form-field';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useZodForm } from '../../hooks/use-zod-form';
import { errorMessage } from '../../libs/http-client';
import { useRequestPasswordReset } from '../../services/auth/password-reset';

/** Asks for a one-time reset link by e-mail; without e-mail on the server, says to ask the operator. */
export const ForgotPasswordPage = (): ReactElement => {
  useDocumentTitle('Forgot password');
  const request = useRequestPasswordReset();
  const form = useZodForm(forgotPasswordBodySchema, { email: '' });
  const onSubmit = form.handleSubmit((body) => request.mutate(body.email));
  const answer = request.data;

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter the e-mail of your account: we send you a link to choose a new password."
      footer={
        <Text>
          Remembered it?{' '}
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to="/login">Back to login</RouterLink>
          </Link>
        </Text>
      }
    >
      {answer ? (
        <Alert.Root status={answer.delivery === 'email' ? 'success' : 'info'} role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{answer.delivery === 'email' ? 'Check your e-mail' : 'Ask the operator'}</Alert.Title>
            <Alert.Description>{answer.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            <FormAlert message={form.formError ?? (request.isError ? errorMessage(request.error, 'Something went wrong. Please try again.') : undefined)} />
            <FormField label="Email" type="email" autoComplete="email" state={form.fieldState('email')} {...form.field('email')} />
            <Button type="submit" loading={request.isPending} loadingText="Sending" size="lg">
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
};
