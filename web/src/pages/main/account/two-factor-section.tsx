import { Alert, Box, Button, Card, Code, Flex, Heading, HStack, Image, List, Stack, Text } from '@chakra-ui/react';
import { RECOVERY_CODE_COUNT, twoFactorDisableBodySchema, twoFactorEnableBodySchema, type PublicUser, type TwoFactorSetupResponse } from '@labeldesk/contracts';
import { useEffect, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { useCopy } from '../../../components/ui/copy-button';
import { FormField } from '../../../components/ui/form-field';
import { StatusBadge } from '../../../components/ui/status-badge';
import { notify } from '../../../components/ui/toaster';
import { useZodForm } from '../../../hooks/use-zod-form';
import { saveBlob } from '../../../libs/download-file';
import { errorMessage } from '../../../libs/http-client';
import { useSignedInAsCustomer } from '../../../hooks/use-signed-in-as-customer';
import { useDisableTwoFactor, useEnableTwoFactor, useNewRecoveryCodes, useSetupTwoFactor, useTwoFactorStatus } from '../../../services/auth/two-factor';
import { LoginAsNotice } from './login-as-notice';

const HEADING_ID = 'two-factor-heading';

/** Drawn in the browser: the secret is already here (it is shown for typing in), so the QR code needs no server trip. */
const useQrCode = (text: string): string | null => {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(text, { margin: 1, width: 192, errorCorrectionLevel: 'M' }))
      .then((url) => current && setDataUrl(url))
      .catch(() => current && setDataUrl(null));
    return () => {
      current = false;
    };
  }, [text]);
  return dataUrl;
};

/** The secret in groups of four, as authenticator apps ask for it. */
const grouped = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

interface EnrolFormProps {
  setup: TwoFactorSetupResponse;
  /** Owned by the section: enabling re-renders it as "on", and the answer (the recovery codes) must still arrive. */
  enable: ReturnType<typeof useEnableTwoFactor>;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}

const EnrolForm = ({ setup, enable, onEnabled, onCancel }: EnrolFormProps): ReactElement => {
  const qr = useQrCode(setup.otpauthUrl);
  const form = useZodForm(twoFactorEnableBodySchema, { code: '', password: '' });
  const onSubmit = form.handleSubmit((body) =>
    enable.mutate(body, { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes), onError: (error) => notify.error(errorMessage(error, 'Could not turn on two-factor authentication')) }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <Text textStyle="sm">1. Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…).</Text>
        <Flex direction={{ base: 'column', sm: 'row' }} gap="4" align={{ base: 'flex-start', sm: 'center' }}>
          <Box bg="white" p="2" borderWidth="1px" borderRadius="md" w="52" h="52" flexShrink={0}>
            {qr && <Image src={qr} alt="QR code to add this account to your authenticator app" w="48" h="48" />}
          </Box>
          <Stack gap="1" minW="0">
            <Text textStyle="sm" color="fg.muted">
              Can&apos;t scan it? Enter this key in the app instead:
            </Text>
            <Code data-testid="two-factor-secret" fontFamily="mono" textStyle="sm" wordBreak="break-all" px="2" py="1">
              {grouped(setup.secret)}
            </Code>
          </Stack>
        </Flex>
        <Text textStyle="sm">2. Enter the 6-digit code the app shows, and your password, to finish.</Text>
        <FormField label="Authentication code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} state={form.fieldState('code')} {...form.field('code')} />
        <FormField label="Password" type="password" autoComplete="current-password" state={form.fieldState('password')} {...form.field('password')} />
        <HStack>
          <Button type="submit" loading={enable.isPending} loadingText="Turning on">
            Turn on
          </Button>
          <Button type="button" variant="ghost" colorPalette="gray" onClick={onCancel}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
};

const RecoveryCodes = ({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }): ReactElement => {
  const text = codes.join('\n');
  const { copied, copy } = useCopy(text);
  const download = () => saveBlob(new Blob([`Recovery codes for ${email} (each works once)\n\n${text}\n`], { type: 'text/plain' }), 'recovery-codes.txt');
  return (
    <Stack gap="4">
      <Alert.Root status="warning" variant="subtle">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Save your recovery codes</Alert.Title>
          <Alert.Description>If you lose your phone, each code signs you in once. They are shown only now.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <List.Root as="ol" listStyle="none" display="grid" gridTemplateColumns="repeat(2, minmax(0, 1fr))" gap="2" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <List.Item key={code} fontFamily="mono" textStyle="sm">
            {code}
          </List.Item>
        ))}
      </List.Root>
      <HStack wrap="wrap">
        <Button variant="outline" onClick={() => void copy()}>
          {copied ? 'Copied!' : 'Copy codes'}
        </Button>
        <Button variant="outline" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </HStack>
    </Stack>
  );
};

/** At or below this many unused recovery codes, the page asks for new ones before they run out. */
const FEW_CODES_LEFT = 3;

/** How many recovery codes are still unused; a warning when few or none are. */
const RecoveryCodesLeft = (): ReactElement | null => {
  const { data } = useTwoFactorStatus();
  if (!data?.enabled) return null;
  const left = data.recoveryCodesLeft;
  if (left > FEW_CODES_LEFT) {
    return (
      <Text textStyle="sm">
        {left} of {RECOVERY_CODE_COUNT} recovery codes left.
      </Text>
    );
  }
  return (
    <Alert.Root status="warning" variant="subtle">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{left === 0 ? 'No recovery codes left' : `Only ${left} recovery ${left === 1 ? 'code' : 'codes'} left`}</Alert.Title>
        <Alert.Description>
          {left === 0 ? 'Get new ones below: without them, losing your phone locks you out.' : 'Get new ones below before they run out.'}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
};

/** Marks the button that asks for new recovery codes; the form's other button turns two-factor sign-in off. */
const NEW_CODES_ACTION = 'new-recovery-codes';

interface ManageFormProps {
  /** Owned by the section, for the same reason as `enable`: turning it off re-renders the section. */
  disable: ReturnType<typeof useDisableTwoFactor>;
  renew: ReturnType<typeof useNewRecoveryCodes>;
  onDisabled: () => void;
  onNewCodes: (codes: string[]) => void;
}

/** While it is on: new recovery codes, or turning it off; either asks for a code and the password. */
const ManageForm = ({ disable, renew, onDisabled, onNewCodes }: ManageFormProps): ReactElement => {
  const form = useZodForm(twoFactorDisableBodySchema, { code: '', password: '' });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const wantsNewCodes = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('data-action') === NEW_CODES_ACTION;
    form.handleSubmit((body) => {
      if (wantsNewCodes) {
        renew.mutate(body, {
          onSuccess: ({ recoveryCodes }) => {
            notify.success('New recovery codes made: the earlier ones no longer work');
            onNewCodes(recoveryCodes);
          },
          onError: (error) => notify.error(errorMessage(error, 'Could not make new recovery codes')),
        });
        return;
      }
      disable.mutate(body, {
        onSuccess: () => {
          notify.success('Two-factor authentication is off');
          onDisabled();
        },
        onError: (error) => notify.error(errorMessage(error, 'Could not turn off two-factor authentication')),
      });
    })(event);
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <RecoveryCodesLeft />
        <Text textStyle="sm" color="fg.muted">
          To get new recovery codes or to turn it off, enter a code from your app (or a recovery code) and your password.
        </Text>
        <FormField label="Authentication or recovery code" autoComplete="one-time-code" state={form.fieldState('code')} {...form.field('code')} />
        <FormField label="Password" type="password" autoComplete="current-password" state={form.fieldState('password')} {...form.field('password')} />
        <HStack wrap="wrap">
          <Button type="submit" data-action={NEW_CODES_ACTION} variant="outline" loading={renew.isPending} loadingText="Making codes" disabled={disable.isPending}>
            Get new recovery codes
          </Button>
          <Button type="submit" colorPalette="red" variant="outline" loading={disable.isPending} loadingText="Turning off" disabled={renew.isPending}>
            Turn off two-factor authentication
          </Button>
        </HStack>
      </Stack>
    </form>
  );
};

/** Account page: set up (QR code or key, then a code), recovery codes shown once, new ones, and turning it off. */
export const TwoFactorSection = ({ user }: { user: PublicUser }): ReactElement => {
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const renew = useNewRecoveryCodes();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // Sent here by the admin area (ADMIN_2FA_REQUIRED) until two-factor sign-in is on.
  const required = (useLocation().state as { enrolTwoFactor?: boolean } | null)?.enrolTwoFactor === true;
  const enabled = user.twoFactorEnabled === true;
  const signedInAsCustomer = useSignedInAsCustomer();

  const start = () => setup.mutate(undefined, { onError: (error) => notify.error(errorMessage(error, 'Could not start setting up two-factor authentication')) });

  let body: ReactElement;
  if (signedInAsCustomer)
    body = <LoginAsNotice>Signed in as this customer, you cannot change their two-factor authentication: the codes would be yours, not theirs. Only they can, signed in themselves.</LoginAsNotice>;
  else if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} email={user.email} onDone={() => setRecoveryCodes(null)} />;
  else if (enabled) body = <ManageForm disable={disable} renew={renew} onDisabled={() => setup.reset()} onNewCodes={setRecoveryCodes} />;
  else if (setup.data) body = <EnrolForm setup={setup.data} enable={enable} onEnabled={setRecoveryCodes} onCancel={() => setup.reset()} />;
  else
    body = (
      <Stack gap="4" align="flex-start">
        <Text textStyle="sm" color="fg.muted">
          Sign in with a code from an authenticator app on your phone as well as your password, so a stolen password alone is not enough.
        </Text>
        <Button onClick={start} loading={setup.isPending} loadingText="Starting">
          Set up two-factor authentication
        </Button>
      </Stack>
    );

  return (
    <Card.Root as="section" variant="outline" maxW="xl" mt="6" aria-labelledby={HEADING_ID}>
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="md" id={HEADING_ID}>
            Two-factor authentication
          </Heading>
          <StatusBadge tone={enabled ? 'completed' : 'neutral'}>{enabled ? 'On' : 'Off'}</StatusBadge>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {required && !enabled && (
            <Alert.Root status="info" variant="subtle">
              <Alert.Indicator />
              <Alert.Title>Admins must turn on two-factor authentication before they can use the admin area.</Alert.Title>
            </Alert.Root>
          )}
          {body}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
};
