/**
 * The carriers the registry can turn on (`CARRIERS`, in the order they are tried). The names live with the settings
 * that choose among them, so the environment is read without the carriers' code; carrier.port.ts re-exports them.
 */
export const CARRIER_IDS = ['sandbox', 'easypost', 'usps'] as const;
export type CarrierId = (typeof CARRIER_IDS)[number];
