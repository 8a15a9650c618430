import type { ReactElement } from 'react';
import { ArrowLeftIcon } from '../ui/icons';
import { AppShell } from './app-shell';
import { adminNav } from './nav-config';
import type { NavItem } from './nav-config';

const backToApp: NavItem = { label: 'Back to app', to: '/main/dashboard', icon: ArrowLeftIcon };

export const AdminShell = (): ReactElement => (
  <AppShell
    title="Admin Panel"
    sidebarTitle="Admin"
    navLabel="Admin navigation"
    items={adminNav}
    homeTo="/admin/dashboard"
    footerItem={backToApp}
  />
);
