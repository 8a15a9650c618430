import { Button, HStack, Stack } from '@chakra-ui/react';
import { ErrorCode, twoFactorCodeSchema } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { z } from 'zod';
import { AuthLayout } from '../../components/auth/auth-layout';
import { FormAlert } from '../../components/ui/form-alert';
import { FormField } from '../../components/ui/form-field';
import { useZodForm } from '../../hooks/use-zod-form';
import { errorMessage, isApiError } from '../../libs/http-client';
import { useVerifyTwoFactor } from '../../services/auth/two-factor';

const formSchema = z.object({ code: twoFactorCodeSchema });

interface TwoFactorStepProps {
  challenge: string;
  onSignedIn: () => void;
  /** Back to the password (the challenge expired, or the person chose to): with the reason, if any. */
  onRestart: (message: string | null) => void;
}

/** The sign-in's second step: a code from the authenticator app, or one of the recovery codes. */
export const TwoFactorStep = ({ challenge, onSignedIn, onRestart }: TwoFactorStepProps): ReactElement => {
  const verify = useVerifyTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const form = useZodForm(formSchema, { code: '' });

  const onSubmit = form.handleSubmit(({ code }) => {
    verify.mutate(
      { challenge, code },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (isApiError(error) && error.code === ErrorCode.AUTH_TWO_FACTOR_CHALLENGE_INVALID) onRestart(error.message);
        },
      },
    );
  });

  const switchKind = () => {
    setRecovery((current) => !current);
    form.reset({ code: '' });
    verify.reset();
  };

  return (
    <AuthLayout
      title="Two-factor authentication"
      description={recovery ? 'Enter one of the recovery codes you saved. Each code works once.' : 'Enter the 6-digit code from your authenticator app.'}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormAlert message={form.formError ?? (verify.isError ? errorMessage(verify.error, 'That code did not work. Please try again.') : null)} />
          {recovery ? (
            <FormField key="recovery" label="Recovery code" autoComplete="off" autoCapitalize="none" spellCheck={false} placeholder="xxxxx-xxxxx" state={form.fieldState('code')} {...form.field('code')} />
          ) : (
            <FormField
              key="totp"
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              state={form.fieldState('code')}
              {...form.field('code')}
            />
          )}
          <Button type="submit" loading={verify.isPending} loadingText="Verifying" disabled={verify.isPending} size="lg">
            Verify
          </Button>
          <HStack justify="space-between" wrap="wrap">
            <Button type="button" variant="plain" size="sm" px="0" color="brand.fg" onClick={switchKind}>
              {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
            </Button>
            <Button type="button" variant="plain" size="sm" px="0" color="fg.muted" onClick={() => onRestart(null)}>
              Back to login
            </Button>
          </HStack>
        </Stack>
      </form>
    </AuthLayout>
  );
};
