import { Button, Flex, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { useSessionSwitch } from '../../services/users/use-session-switch';
import { useAuthStore } from '../../stores/auth.store';
import { useSessionEndedSignOut } from '../auth/use-session-ended-sign-out';
import { BulkProgressWidget } from '../bulk-progress/bulk-progress-widget';
import { FullPageSpinner } from '../ui/full-page-spinner';
import { UndoIcon } from '../ui/icons';
import { notify } from '../ui/toaster';
import { AppShell } from './app-shell';
import { mainNav, mainTitleFor, visibleNav } from './nav-config';
import { TestModeBanner, TestModeSwitch } from './test-mode';

/** Shown across the top while an admin is signed in as someone else ('Login as User'). */
const ImpersonationBanner = ({ name, returning, onReturn }: { name: string; returning: boolean; onReturn: () => void }): ReactElement => (
  <Flex
    role="region"
    aria-label="Signed in as another user"
    data-testid="impersonation-banner"
    align="center"
    justify="center"
    wrap="wrap"
    gap="2"
    px="4"
    py="1.5"
    bg="status.pending.bg"
    color="status.pending.fg"
    borderBottomWidth="1px"
    borderColor="status.pending.border"
    textStyle="sm"
  >
    <Text>
      Signed in as{' '}
      <Text as="strong" fontWeight="semibold">
        {name}
      </Text>{' '}
      —
    </Text>
    <Button size="2xs" variant="outline" colorPalette="yellow" onClick={onReturn} loading={returning} loadingText="Returning">
      <UndoIcon />
      Return to my account
    </Button>
  </Flex>
);

export const MainShell = (): ReactElement => {
  const { pathname } = useLocation();
  const role = useAuthStore((state) => state.user?.user_role);
  const name = useAuthStore((state) => state.user?.name ?? '');
  const signedIn = useAuthStore((state) => state.token !== null && state.user !== null);
  const sessionSwitch = useSessionSwitch();
  useSessionEndedSignOut();
  if (sessionSwitch.switching) return <FullPageSpinner label="Switching account" />;
  const returnToAdmin = async () => {
    if ((await sessionSwitch.returnToAdmin()) === 'unreachable') notify.error('Could not reach the server to return to your account. Please try again.');
  };
  return (
    <>
      {sessionSwitch.impersonating && <ImpersonationBanner name={name} returning={sessionSwitch.checking} onReturn={() => void returnToAdmin()} />}
      <TestModeBanner />
      <AppShell
        title={mainTitleFor(pathname)}
        sidebarTitle="Labels"
        navLabel="Main navigation"
        items={visibleNav(mainNav, role)}
        homeTo="/main/dashboard"
        topBarExtra={<TestModeSwitch />}
      />
      {/* Spec 4: the bulk progress widget shows whenever a user is signed in and it is visible. */}
      {signedIn && <BulkProgressWidget />}
    </>
  );
};
