import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DomainError, ErrorCode, VISITOR, type AuthUser, type Caller, type VisitorCaller } from '@labeldesk/contracts';
import type { Request } from 'express';

/** What the token guard learned about the request, kept on it for the handlers. */
export interface AuthenticatedRequest extends Request {
  caller?: Caller;
  authUser?: AuthUser;
  correlationId?: string;
}

export interface CallContext {
  caller: Caller | null;
  correlationId: string;
}

/**
 * The call options of a public route's request (sign-in, registration, password reset): the gateway vouches for a
 * visitor, so those subjects cannot be called by anyone merely holding the gateway's NATS account (decision 036).
 */
export const asVisitor = (ctx: CallContext): { caller: VisitorCaller; correlationId: string } => ({ caller: VISITOR, correlationId: ctx.correlationId });

/** Caller and correlation id, ready to pass to RpcClient.call. */
export const Ctx = createParamDecorator((_data: unknown, ctx: ExecutionContext): CallContext => {
  const request = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  return { caller: request.caller ?? null, correlationId: request.correlationId ?? '' };
});

export const CurrentAuthUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  const user = ctx.switchToHttp().getRequest<AuthenticatedRequest>().authUser;
  if (!user) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
  return user;
});

/**
 * The client's address as Express sees it: the socket's peer, or with TRUST_PROXY set the address that many
 * proxies in front reported (X-Forwarded-For). Sent to the auth service, which counts sign-in failures by it.
 */
export const ClientAddress = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => {
  const request = ctx.switchToHttp().getRequest<Request>();
  return request.ip ?? request.socket?.remoteAddress ?? '';
});
