import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { AuditInterceptor } from './audit.interceptor';
import { AUDITED, type AuditSpec } from './audit-spec';

/**
 * This admin route is written to the audit log: who, what, to whom, the state before and after, when. The interceptor
 * is attached here, to the audited routes only: as a global interceptor it ran on every request, and Nest's interceptor
 * chain binds an AsyncResource per call, a cost every request would pay for the few that are audited.
 */
export const Audited = (spec: AuditSpec) => applyDecorators(SetMetadata(AUDITED, spec), UseInterceptors(AuditInterceptor));

/** The common case: the target is the path parameter `name`. */
export const param =
  (name: string) =>
  (request: Request): string | null => {
    const value = request.params[name];
    return typeof value === 'string' && value !== '' ? value : null;
  };
