import type { ReactElement } from 'react';
import { useSessionEndedSignOut } from '../auth/use-session-ended-sign-out';
import { ArrowLeftIcon } from '../ui/icons';
import { AppShell } from './app-shell';
import { adminNav } from './nav-config';
import type { NavItem } from './nav-config';

const backToApp: NavItem = { label: 'Back to app', to: '/main/dashboard', icon: ArrowLeftIcon };

export const AdminShell = (): ReactElement => {
  useSessionEndedSignOut();
  return (
    <AppShell
      title="Admin Panel"
      sidebarTitle="Admin"
      navLabel="Admin navigation"
      items={adminNav}
      homeTo="/admin/dashboard"
      footerItem={backToApp}
    />
  );
};
