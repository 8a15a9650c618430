import { COURIERS } from '@labeldesk/contracts';
import type { Courier } from '@labeldesk/contracts';

// Longest first, so `dhl_express_worldwide` is DHL Express's and never taken for a shorter id's.
const BY_LENGTH = [...COURIERS].sort((a, b) => b.length - a.length);

/**
 * The courier of a service by its uid (`<courier>_<service>`, e.g. `ups_ground`); a uid that begins with no courier's
 * id is USPS's, as the server reads it: every service sold before couriers could be chosen was USPS mail.
 */
export const courierOfUid = (uid: string): Courier => BY_LENGTH.find((courier) => uid.startsWith(`${courier}_`)) ?? 'usps';
