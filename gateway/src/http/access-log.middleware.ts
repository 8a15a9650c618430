import { Logger } from '@nestjs/common';
import { httpDuration, withCorrelationId } from '@labeldesk/nest-config';
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { AuthenticatedRequest } from '../auth/request-context';
import { headerValue } from './header-value';

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives every request its correlation id (the client's `x-correlation-id` when it is a plausible id, else a new
 * one), answers it in the same header, runs the rest of the request inside it (every log line and every RPC carries
 * it), and writes one access line when the answer is sent: method, route, status, duration, user. Never a token:
 * only the route pattern is logged, not the query string.
 */
export const accessLog = () => {
  const logger = new Logger('Access');
  return (req: Request, res: Response, next: NextFunction): void => {
    const given = headerValue(req.headers, 'x-correlation-id');
    const correlationId = given && SAFE_ID.test(given) ? given : randomUUID();
    (req as AuthenticatedRequest).correlationId = correlationId;
    res.setHeader('x-correlation-id', correlationId);
    const started = performance.now();
    res.on('finish', () => {
      const route = typeof req.route?.path === 'string' ? `${req.baseUrl}${req.route.path}` : req.path.startsWith('/api') ? '(no route)' : '(static)';
      const user = (req as AuthenticatedRequest).caller?.userId ?? '-';
      httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, (performance.now() - started) / 1000);
      withCorrelationId(correlationId, () => logger.log(`${req.method} ${route} ${res.statusCode} ${Math.round(performance.now() - started)}ms user=${user}`));
    });
    withCorrelationId(correlationId, next);
  };
};
