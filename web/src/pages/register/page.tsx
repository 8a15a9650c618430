import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { registerRequestSchema, type RegisterRequest } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../components/auth/auth-layout';
import { FormAlert } from '../../components/ui/form-alert';
import { FormField } from '../../components/ui/form-field';
import { useZodForm } from '../../hooks/use-zod-form';
import { registerErrorMessage, useRegister } from '../../services/auth/register';

export const RegisterPage = (): ReactElement => {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const register = useRegister();
  const [serverError, setServerError] = useState<string | null>(null);
  // The same schema the server parses, so "Please fill in all fields" and "Passwords don't match" agree on both ends.
  const form = useZodForm(registerRequestSchema, {
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
    referralCode: searchParams.get('ref')?.trim() ?? '',
  });

  const onSubmit = form.handleSubmit((data) => {
    const referralCode = data.referralCode ?? '';
    const body: RegisterRequest = {
      name: data.name,
      email: data.email,
      password: data.password,
      confirmPassword: data.confirmPassword,
      ...(referralCode ? { referralCode } : {}),
    };
    setServerError(null);
    register.mutate(body, {
      onSuccess: () => navigate(referralCode ? '/main/dashboard' : '/onboarding', { replace: true }),
      onError: (error) => setServerError(registerErrorMessage(error)),
    });
  });

  return (
    <AuthLayout
      title="Create an Account"
      description="Sign up to buy prepaid shipping labels in minutes."
      footer={
        <Text>
          Already have an account?{' '}
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to="/login">Login</RouterLink>
          </Link>
        </Text>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormAlert message={form.formError ?? serverError} />
          <FormField label="Name" autoComplete="name" state={form.fieldState('name')} {...form.field('name')} />
          <FormField label="Email" type="email" autoComplete="email" state={form.fieldState('email')} {...form.field('email')} />
          <FormField
            label="Password"
            type="password"
            autoComplete="new-password"
            state={form.fieldState('password')}
            {...form.field('password')}
          />
          <FormField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            state={form.fieldState('confirmPassword')}
            {...form.field('confirmPassword')}
          />
          <FormField
            label="Referral Code (optional)"
            autoComplete="off"
            helperText="Invited by a friend? Their code gives you bonus rewards."
            state={form.fieldState('referralCode')}
            {...form.field('referralCode')}
          />
          <Button type="submit" loading={register.isPending} loadingText="Creating account" size="lg">
            Create Account
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
};
