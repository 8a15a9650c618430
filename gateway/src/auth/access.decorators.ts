import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE = 'labeldesk:public';
export const ADMIN_ONLY = 'labeldesk:admin-only';

/** No token needed (sign-in, registration, health). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Admins only. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);
