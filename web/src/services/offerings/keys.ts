/**
 * Offering configuration, as the admin sees it: the carrier's raw list, the defaults, and each user's copies. An
 * offering is what the spec, the screens and the API call a shipping "service" (USPS Priority Mail, …), named apart in
 * code so it is never taken for the app's data modules or the system's services. Nothing persists these keys.
 */
export const offeringKeys = {
  all: ['offerings'] as const,
  raw: () => [...offeringKeys.all, 'raw'] as const,
  defaults: () => [...offeringKeys.all, 'defaults'] as const,
  user: (userId: string) => [...offeringKeys.all, 'user', userId] as const,
};
