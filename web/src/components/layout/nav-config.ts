import type { UserRole } from '@labeldesk/contracts';
import { BoxesIcon, DashboardIcon, LayersIcon, ListIcon, MapPinIcon, PrinterIcon, SheetIcon, ShieldIcon, UsersIcon, WalletIcon } from '../ui/icons';

type IconComponent = typeof DashboardIcon;

export interface NavItem {
  label: string;
  to: string;
  icon: IconComponent;
  /** Roles that see the entry; absent means every signed-in user. */
  roles?: readonly UserRole[];
}

/**
 * Customer sidebar, in the spec's order. Each page that ships adds exactly one line here, e.g.
 * `{ label: 'Invites', to: '/main/invite', icon: UsersIcon, roles: ['friend', 'admin'] }` (Invites is hidden from role user).
 * Only pages that exist are listed.
 */
export const mainNav: readonly NavItem[] = [
  { label: 'Dashboard', to: '/main/dashboard', icon: DashboardIcon },
  { label: 'Order Label', to: '/main/order-label', icon: PrinterIcon },
  { label: 'Bulk Order', to: '/main/bulk-order', icon: SheetIcon },
  { label: 'Orders', to: '/main/orders', icon: ListIcon },
  { label: 'Batch Orders', to: '/main/batch-orders', icon: LayersIcon },
  { label: 'Deposit', to: '/main/deposit', icon: WalletIcon },
  { label: 'Address', to: '/main/address', icon: MapPinIcon },
  { label: 'SKU Management', to: '/main/sku', icon: BoxesIcon },
  { label: 'Admin Panel', to: '/admin/dashboard', icon: ShieldIcon, roles: ['admin'] },
];

/** Customer routes that have a title but no sidebar entry. */
const mainExtraTitles: Readonly<Record<string, string>> = { '/main/account': 'Account' };

export const adminNav: readonly NavItem[] = [
  { label: 'Dashboard', to: '/admin/dashboard', icon: DashboardIcon },
  { label: 'User Management', to: '/admin/user-management', icon: UsersIcon },
];

export const visibleNav = (items: readonly NavItem[], role: UserRole | undefined): NavItem[] =>
  items.filter((item) => !item.roles || (role !== undefined && item.roles.includes(role)));

const matches = (pathname: string, to: string): boolean => pathname === to || pathname.startsWith(`${to}/`);

/** The top bar title follows the route. */
export const mainTitleFor = (pathname: string): string =>
  mainNav.find((item) => matches(pathname, item.to))?.label ??
  Object.entries(mainExtraTitles).find(([path]) => matches(pathname, path))?.[1] ??
  'Dashboard';
