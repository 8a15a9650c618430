import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuthStore } from '../../stores/auth.store';
import { BulkProgressWidget } from '../bulk-progress/bulk-progress-widget';
import { AppShell } from './app-shell';
import { mainNav, mainTitleFor, visibleNav } from './nav-config';

export const MainShell = (): ReactElement => {
  const { pathname } = useLocation();
  const role = useAuthStore((state) => state.user?.user_role);
  const signedIn = useAuthStore((state) => state.token !== null && state.user !== null);
  return (
    <>
      <AppShell
        title={mainTitleFor(pathname)}
        sidebarTitle="Labels"
        navLabel="Main navigation"
        items={visibleNav(mainNav, role)}
        homeTo="/main/dashboard"
      />
      {/* Spec 4: the bulk progress widget shows whenever a user is signed in and it is visible. */}
      {signedIn && <BulkProgressWidget />}
    </>
  );
};
