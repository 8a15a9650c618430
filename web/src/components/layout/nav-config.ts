import type { UserRole } from '@labeldesk/contracts';
import { BadgeCheckIcon, BoxesIcon, DashboardIcon, GiftIcon, HistoryIcon, InboxIcon, LayersIcon, ListIcon, MapPinIcon, PackageIcon, PrinterIcon, SheetIcon, ShieldIcon, SlidersIcon, TruckIcon, UsersIcon, WalletIcon } from '../ui/icons';
import { MAIN_ROUTE_ROLES } from './nav-roles';

type IconComponent = typeof DashboardIcon;

export interface NavItem {
  label: string;
  to: string;
  icon: IconComponent;
  /** Roles that see the entry; absent means every signed-in user. */
  roles?: readonly UserRole[];
}

/** Customer sidebar, in the spec's order (spec 2): Invites is hidden from role user, Admin Panel shown to admins only. */
export const mainNav: readonly NavItem[] = [
  { label: 'Dashboard', to: '/main/dashboard', icon: DashboardIcon },
  { label: 'Order Label', to: '/main/order-label', icon: PrinterIcon },
  { label: 'Bulk Order', to: '/main/bulk-order', icon: SheetIcon },
  { label: 'Orders', to: '/main/orders', icon: ListIcon },
  { label: 'Batch Orders', to: '/main/batch-orders', icon: LayersIcon },
  { label: 'Stores', to: '/main/stores', icon: InboxIcon },
  { label: 'Claims', to: '/main/claims', icon: BadgeCheckIcon },
  { label: 'Deposit', to: '/main/deposit', icon: WalletIcon },
  { label: 'Address', to: '/main/address', icon: MapPinIcon },
  { label: 'SKU Management', to: '/main/sku', icon: BoxesIcon },
  { label: 'Packages', to: '/main/packages', icon: PackageIcon },
  { label: 'Invites', to: '/main/invite', icon: GiftIcon, roles: MAIN_ROUTE_ROLES['/main/invite'] },
  { label: 'Admin Panel', to: '/main/admin', icon: ShieldIcon, roles: MAIN_ROUTE_ROLES['/main/admin'] },
];

/** Customer routes that have a title but no sidebar entry. */
const mainExtraTitles: Readonly<Record<string, string>> = { '/main/account': 'Account' };

export const adminNav: readonly NavItem[] = [
  { label: 'Dashboard', to: '/admin/dashboard', icon: DashboardIcon },
  { label: 'User Management', to: '/admin/user-management', icon: UsersIcon },
  { label: 'Orders & Labels', to: '/admin/order-label-management', icon: TruckIcon },
  { label: 'Referrals', to: '/admin/referral-management', icon: GiftIcon },
  { label: 'Default Services', to: '/admin/default-services', icon: SlidersIcon },
  { label: 'Audit Log', to: '/admin/audit-log', icon: HistoryIcon },
];

export const visibleNav = (items: readonly NavItem[], role: UserRole | undefined): NavItem[] =>
  items.filter((item) => !item.roles || (role !== undefined && item.roles.includes(role)));

const matches = (pathname: string, to: string): boolean => pathname === to || pathname.startsWith(`${to}/`);

/** The top bar title follows the route. */
export const mainTitleFor = (pathname: string): string =>
  mainNav.find((item) => matches(pathname, item.to))?.label ??
  Object.entries(mainExtraTitles).find(([path]) => matches(pathname, path))?.[1] ??
  'Dashboard';
