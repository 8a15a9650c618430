import { z } from 'zod';
import { defineRpc } from '../define';
import { emptySchema } from '../common/empty';

export const SERVICE_NAMES = ['auth', 'orders', 'payments', 'address', 'pricing'] as const;
export const serviceNameSchema = z.enum(SERVICE_NAMES);
export type ServiceName = z.infer<typeof serviceNameSchema>;

export const serviceHealthSchema = z.object({
  service: serviceNameSchema,
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;

/** One subject per service, so the gateway can tell which one is missing. */
export const healthRpc = (service: ServiceName) => defineRpc(`${service}.health.check.v1`, emptySchema, serviceHealthSchema, { who: 'public' });

export const gatewayHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  mode: z.enum(['embedded', 'distributed']),
  services: z.array(
    z.object({ service: serviceNameSchema, status: z.enum(['ok', 'degraded', 'down']), detail: z.string().optional() }),
  ),
});
export type GatewayHealth = z.infer<typeof gatewayHealthSchema>;

/** GET /api/health/live (Kubernetes liveness): the process answers. */
export const liveProbeSchema = z.object({ status: z.literal('live') });
export type LiveProbe = z.infer<typeof liveProbeSchema>;

/** GET /api/health/ready (Kubernetes readiness): 503 with `not ready` while the transport is down. */
export const readyProbeSchema = z.object({ status: z.enum(['ready', 'not ready']) });
export type ReadyProbe = z.infer<typeof readyProbeSchema>;
