import { Controller, Get, Inject, Logger, Res } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  gatewayHealthSchema,
  healthRpc,
  liveProbeSchema,
  readyProbeSchema,
  SERVICE_NAMES,
  type GatewayHealth,
  type LiveProbe,
  type ReadyProbe,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { Response } from 'express';
import { Public } from '../auth/access.decorators';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env.schema';
import { ApiDoc } from '../docs/api-doc.decorator';

/** Asks every service at once, with a short deadline: a slow service shows as down, never hangs the probe. */
@Controller('health')
export class HealthController {
  private readonly logger = new Logger(HealthController.name);

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /** Kubernetes liveness: the process answers. Nothing else, so no outage elsewhere restarts the gateways. */
  @ApiDoc({ summary: 'Liveness: the gateway process answers', response: liveProbeSchema })
  @Get('live')
  @Public()
  live(): LiveProbe {
    return { status: 'live' };
  }

  /**
   * Kubernetes readiness: its transport is connected, so it can serve. A service being down is not the gateway's
   * state: that service's routes answer 503 and the rest keep working.
   */
  @ApiDoc({ summary: 'Readiness: the gateway\'s transport is connected (503 when not)', response: readyProbeSchema })
  @Get('ready')
  @Public()
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadyProbe> {
    const connected = await this.rpc.connected();
    res.status(connected ? 200 : 503);
    return { status: connected ? 'ready' : 'not ready' };
  }

  @ApiDoc({ summary: 'Health of the gateway and every service (503 when any is down)', response: gatewayHealthSchema })
  @Get()
  @Public()
  async check(@Res({ passthrough: true }) res: Response): Promise<GatewayHealth> {
    const services = await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        try {
          const health = await this.rpc.call(healthRpc(service), {}, { timeoutMs: 2_000 });
          return { service, status: health.status, ...(health.status === 'ok' ? {} : { detail: `database ${health.database}` }) };
        } catch (error) {
          // The probe is public: say what is wrong in plain words, and keep internal subjects for the log.
          this.logger.warn(`health of ${service}: ${error instanceof Error ? error.message : String(error)}`);
          const timedOut = error instanceof DomainError && error.code === ErrorCode.TIMEOUT;
          return { service, status: 'down' as const, detail: timedOut ? 'not answering in time' : 'not answering' };
        }
      }),
    );
    const status = services.every((s) => s.status === 'ok') ? 'ok' : 'degraded';
    res.status(status === 'ok' ? 200 : 503);
    return { status, mode: this.env.TRANSPORT === 'inprocess' ? 'embedded' : 'distributed', services };
  }
}
