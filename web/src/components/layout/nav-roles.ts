import type { UserRole } from '@labeldesk/contracts';

/**
 * /main addresses kept from some roles (spec 2: Invites is hidden from role user; Admin Panel is for admins). The
 * sidebar hides the entry and the route guard refuses the address from this one table, so they cannot disagree.
 */
export const MAIN_ROUTE_ROLES: Readonly<Record<string, readonly UserRole[]>> = {
  '/main/invite': ['friend', 'admin'],
  '/main/admin': ['admin'],
};

/** Whether a role may see and open a /main address; one not in the table is open to every signed-in role. */
export const mayOpenMainRoute = (to: string, role: UserRole | undefined): boolean => {
  const roles = MAIN_ROUTE_ROLES[to];
  return !roles || (role !== undefined && roles.includes(role));
};
