import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthAuditRpc, authMethodOf, DomainError, ErrorCode, type AuditAction, type Caller, type RequestOf } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { Request } from 'express';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import type { AuthenticatedRequest, CallContext } from '../auth/request-context';
import { AUDITED, type AuditSpec } from './audit-spec';

type AuditRecord = RequestOf<typeof AuthAuditRpc.record>;

/**
 * Writes every audited admin action to the audit log once it has succeeded, with the target's state read before and
 * after, and, for routes that name a `refused` action, the attempts refused as forbidden. The action is not undone
 * when the log cannot be written (it has happened): that failure is logged as an error for the operator, with
 * everything the entry would have held.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly reflector: Reflector,
    private readonly rpc: RpcClient,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const spec = this.reflector.get<AuditSpec | undefined>(AUDITED, context.getHandler());
    if (!spec || context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<AuthenticatedRequest & Request>();
    if (spec.onlyWhenAdmin && !adminActs(request.caller)) return next.handle();
    if (spec.onlyUnderLoginAs && (!request.caller || authMethodOf(request.caller) !== 'login_as')) return next.handle();
    const ctx: CallContext = { caller: request.caller ?? null, correlationId: request.correlationId ?? '' };
    const targetId = spec.target(request);
    const before = spec.snapshot ? await spec.snapshot(this.rpc, targetId, ctx) : null;
    return next.handle().pipe(
      mergeMap((result) =>
        from(
          (async () => {
            const after = spec.snapshot ? await spec.snapshot(this.rpc, targetId, ctx).catch(() => null) : null;
            const action = typeof spec.action === 'function' ? spec.action(request) : spec.action;
            await this.record({ action, targetType: spec.targetType, targetId, before, after }, ctx);
            return result;
          })(),
        ),
      ),
      catchError((error: unknown) =>
        from(
          (async (): Promise<never> => {
            if (spec.refused && isForbidden(error)) await this.recordRefusal(spec.refused, spec, targetId, before, error.message, ctx);
            throw error;
          })(),
        ),
      ),
    );
  }

  private recordRefusal(action: AuditAction, spec: AuditSpec, targetId: string | null, before: AuditRecord['before'], message: string, ctx: CallContext): Promise<void> {
    return this.record({ action, targetType: spec.targetType, targetId, before, after: { refused: message } }, ctx);
  }

  private async record(entry: AuditRecord, ctx: CallContext): Promise<void> {
    await this.rpc.call(AuthAuditRpc.record, entry, ctx).then(
      () => undefined,
      (error: unknown) => this.logger.error(`audit entry not written (${String(error)}): ${JSON.stringify({ actor: ctx.caller?.userId, ...entry })}`),
    );
  }
}

/** An admin in their own session, or behind a login-as session (auth records the entry as theirs, acting as the customer). */
const adminActs = (caller: Caller | undefined): boolean => caller !== undefined && (caller.role === 'admin' || authMethodOf(caller) === 'login_as');

const isForbidden = (error: unknown): error is DomainError => error instanceof DomainError && error.code === ErrorCode.FORBIDDEN;
