import { Button, Stack, Text } from '@chakra-ui/react';
import { applyReferralRequestSchema } from '@labeldesk/contracts';
import { useEffect, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { AuthLayout } from '../../components/auth/auth-layout';
import { FormField } from '../../components/ui/form-field';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../libs/http-client';
import { useApplyReferral } from '../../services/auth/apply-referral';
import { useAuthStore } from '../../stores/auth.store';

/** Spec section 9: the dashboard opens 1.5 s after a referral code is applied. */
const REDIRECT_DELAY_MS = 1_500;

export const OnboardingPage = (): ReactElement => {
  const navigate = useNavigate();
  const apply = useApplyReferral();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [applied, setApplied] = useState(false);
  // Spec section 2: onboarding is for a new user without a referral. Read once: applying a code here sets one too,
  // and that user still sees the confirmation for 1.5 s before the dashboard.
  const [alreadyReferred] = useState(() => Boolean(useAuthStore.getState().user?.referredBy));
  const filled = code.trim() !== '';

  useEffect(() => {
    if (!applied) return undefined;
    const timer = setTimeout(() => navigate('/main/dashboard', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [applied, navigate]);

  const skip = () => navigate('/main/dashboard', { replace: true });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!filled) return skip(); // An empty code skips without a call.
    const parsed = applyReferralRequestSchema.safeParse({ referralCode: code });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
    setFieldError(undefined);
    apply.mutate(parsed.data, {
      onSuccess: () => {
        notify.success('Referral code applied successfully!');
        setApplied(true);
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to apply referral code')),
    });
  };

  const busy = apply.isPending || applied;
  if (alreadyReferred) return <Navigate to="/main/dashboard" replace />;

  return (
    <AuthLayout title="Welcome to Our Platform!" description="One optional step before your dashboard.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <Stack gap="1">
            <Text fontWeight="semibold" textStyle="lg">
              Got a Referral Code?
            </Text>
            <Text color="fg.muted" textStyle="sm">
              Enter your referral code to claim your bonus rewards!
            </Text>
          </Stack>
          <FormField
            label="Referral Code"
            autoComplete="off"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setFieldError(undefined);
            }}
            state={{ invalid: fieldError !== undefined, message: fieldError }}
            disabled={busy}
          />
          <Button type="submit" size="lg" loading={busy} loadingText={applied ? 'Opening dashboard' : 'Applying'}>
            {filled ? 'Apply Code' : 'Skip for now'}
          </Button>
          {filled && (
            <Button type="button" variant="ghost" colorPalette="gray" onClick={skip} disabled={busy}>
              Skip for now
            </Button>
          )}
        </Stack>
      </form>
    </AuthLayout>
  );
};
