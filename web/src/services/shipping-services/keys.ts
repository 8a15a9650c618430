/**
 * Shipping service configuration, as the admin sees it: the carrier's raw list, the defaults, and each user's copies. A
 * shipping service (USPS Priority Mail, …) is what the spec, the screens and the API call a "service"; code says shipping
 * service so it is never taken for the app's data modules or the system's services. Nothing persists these keys.
 */
export const shippingServiceKeys = {
  all: ['shipping-services'] as const,
  raw: () => [...shippingServiceKeys.all, 'raw'] as const,
  defaults: () => [...shippingServiceKeys.all, 'defaults'] as const,
  user: (userId: string) => [...shippingServiceKeys.all, 'user', userId] as const,
};
