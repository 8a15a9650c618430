import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuthStore } from '../../stores/auth.store';
import { AppShell } from './app-shell';
import { mainNav, mainTitleFor, visibleNav } from './nav-config';

export const MainShell = (): ReactElement => {
  const { pathname } = useLocation();
  const role = useAuthStore((state) => state.user?.user_role);
  return (
    <AppShell
      title={mainTitleFor(pathname)}
      sidebarTitle="Labels"
      navLabel="Main navigation"
      items={visibleNav(mainNav, role)}
      homeTo="/main/dashboard"
    />
  );
};
