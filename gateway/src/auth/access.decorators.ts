import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE = 'labeldesk:public';
export const ADMIN_ONLY = 'labeldesk:admin-only';

/** No token needed (sign-in, registration, health). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Admins only. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

export const QUERY_TOKEN = 'labeldesk:query-token';

/** Downloads may carry the token as `?token=` (spec 6: the browser opens them as links). */
export const AllowQueryToken = () => SetMetadata(QUERY_TOKEN, true);
