import { type Courier, courierName } from '@labeldesk/contracts';
import { courierOfService } from './shipping-service-catalog';

/**
 * The courier carrying a service's parcels. A uid the catalog does not know is USPS's: every service sold before
 * couriers could be chosen (issue 45) was USPS mail, and pricing may still hold such a service under an older uid.
 */
export const courierCarrying = (serviceUid: string): Courier => courierOfService(serviceUid) ?? 'usps';

/**
 * Why a label of this service cannot be bought for an order of this courier, and what to do, or null when the service
 * is the courier's. A label's service must be its order's courier's: SCAN forms, tracking and voids follow the order's
 * courier. No colon: the web shows a refusal's text after its first one (spec section 8).
 */
export const courierMismatch = (courier: string, service: { serviceUid: string; serviceName: string }): string | null => {
  const carrying = courierCarrying(service.serviceUid);
  if (carrying === courier) return null;
  return `${service.serviceName} is a ${courierName(carrying)} service, not ${courierName(courier)}. Choose a ${courierName(courier)} service, or ${courierName(carrying)} as the courier.`;
};
