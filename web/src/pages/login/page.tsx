import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { isTwoFactorChallenge, loginRequestSchema } from '@labeldesk/contracts';
import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { AuthLayout } from '../../components/auth/auth-layout';
import { FormAlert } from '../../components/ui/form-alert';
import { FormField } from '../../components/ui/form-field';
import { useZodForm } from '../../hooks/use-zod-form';
import { useLogin } from '../../services/auth/login';
import { endSession, isLogoutState } from '../../services/auth/logout';
import { useAuthStore } from '../../stores/auth.store';
import { useSessionNoticeStore } from '../../stores/session-notice.store';
import { TwoFactorStep } from './two-factor-step';

export const LoginPage = (): ReactElement => {
  const navigate = useNavigate();
  const login = useLogin();
  const serverError = useAuthStore((state) => state.error);
  const loading = useAuthStore((state) => state.loading);
  // Why the server ended the session of this tab (blocked, deleted...), until the next attempt to log in.
  const notice = useSessionNoticeStore((state) => state.notice);
  const form = useZodForm(loginRequestSchema, { email: '', password: '' });
  // Set when the password was right and the account signs in with a code too.
  const [challenge, setChallenge] = useState<string | null>(null);

  const arrivedToLogOut = isLogoutState(useLocation().state);

  // Arriving from Logout ends the session; otherwise a message from an earlier visit is not about this attempt.
  useEffect(() => {
    if (!arrivedToLogOut) {
      useAuthStore.getState().setError(null);
      return;
    }
    endSession();
    navigate('/login', { replace: true }); // drop the marker, so Back or a reload never logs out again
  }, [arrivedToLogOut, navigate]);

  const onSubmit = form.handleSubmit((body) => {
    useSessionNoticeStore.getState().setNotice(null);
    login.mutate(body, {
      onSuccess: (answer) => (isTwoFactorChallenge(answer) ? setChallenge(answer.challenge) : navigate('/main/dashboard', { replace: true })),
    });
  });

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={() => navigate('/main/dashboard', { replace: true })}
        onRestart={(message) => {
          setChallenge(null);
          form.setValue('password', '');
          useAuthStore.getState().setError(message);
        }}
      />
    );
  }

  return (
    <AuthLayout
      title="Welcome Back!"
      description="Log in to buy labels and check your balance."
      footer={
        <Text>
          Don&apos;t have an account?{' '}
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to="/register">Register</RouterLink>
          </Link>
        </Text>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormAlert message={form.formError ?? serverError ?? notice} />
          <FormField label="Email" type="email" autoComplete="email" state={form.fieldState('email')} {...form.field('email')} />
          <FormField
            label="Password"
            type="password"
            autoComplete="current-password"
            state={form.fieldState('password')}
            {...form.field('password')}
          />
          <Link asChild alignSelf="flex-end" textStyle="sm" color="brand.fg">
            <RouterLink to="/forgot-password">Forgot password?</RouterLink>
          </Link>
          <Button type="submit" loading={loading} loadingText="Logging in" disabled={loading} size="lg">
            Login
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
};
