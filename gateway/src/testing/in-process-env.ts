import { loadEnv } from '@labeldesk/nest-config';
import { generateCallerKeys } from '@labeldesk/nest-transport';
import { gatewayEnvSchema, type GatewayEnv } from '../config/env.schema';

/**
 * The gateway's settings for a test that builds it in-process: the in-process transport and caller keys made for
 * the test, plus `overrides`; throws as the gateway's start would on a bad setting.
 */
export const inProcessGatewayEnv = (overrides: Record<string, string> = {}): GatewayEnv => {
  const callers = generateCallerKeys();
  return loadEnv('gateway', gatewayEnvSchema, { TRANSPORT: 'inprocess', CALLER_KEY: callers.keys.gateway, CALLER_TRUST: callers.trust, ...overrides });
};
