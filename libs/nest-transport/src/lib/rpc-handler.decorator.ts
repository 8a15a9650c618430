import {
  applyDecorators,
  createParamDecorator,
  Injectable,
  Logger,
  type CanActivate,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type PipeTransform,
} from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  DomainError,
  ErrorCode,
  MessageHeader,
  validationError,
  type AnyEventContract,
  type AnyRpcContract,
  isServiceCaller,
  type AnyCaller,
  type Caller,
} from '@labeldesk/contracts';
import type { z } from 'zod';
import { map, type Observable } from 'rxjs';
import { CallerTokenError, CallerTokens } from './caller-token';

interface HeaderReader {
  getHeaders(): { get(key: string): string } | undefined;
}

class SchemaPipe implements PipeTransform {
  constructor(private readonly schema: z.ZodType) {}
  transform(value: unknown): unknown {
    const parsed = this.schema.safeParse(value);
    if (!parsed.success) throw validationError(parsed.error);
    return parsed.data;
  }
}

/** A reply that breaks its own contract is our bug: fail loudly here rather than confuse the caller. */
@Injectable()
class ResponseContractInterceptor implements NestInterceptor {
  constructor(private readonly contract: AnyRpcContract) {}
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((reply: unknown) => {
        const parsed = this.contract.response.safeParse(reply);
        if (!parsed.success) {
          throw new DomainError(ErrorCode.INTERNAL, `Reply breaks ${this.contract.subject}: ${parsed.error.issues[0]?.message ?? ''}`);
        }
        return parsed.data;
      }),
    );
  }
}

/** Serves one request/reply contract; the reply is checked against its schema. */
export const RpcHandler = (contract: AnyRpcContract) =>
  applyDecorators(MessagePattern(contract.subject), UseInterceptors(new ResponseContractInterceptor(contract)));

/** Receives one event contract. */
export const EventHandler = (contract: AnyEventContract) => EventPattern(contract.subject);

/** The validated request of an RPC contract. */
export const RpcPayload = (contract: AnyRpcContract) => Payload(new SchemaPipe(contract.request));

/** The validated payload of an event contract. */
export const EventPayload = (contract: AnyEventContract) => Payload(new SchemaPipe(contract.payload));

interface RpcContextLike extends HeaderReader {
  getSubject?(): string;
}

const readHeader = (ctx: ExecutionContext, key: string): string => {
  const rpcContext = ctx.switchToRpc().getContext<HeaderReader>();
  return rpcContext.getHeaders?.()?.get(key) ?? '';
};

/** Each message's verified caller, keyed by the message's own context object (CallerGuard fills it). */
const verifiedCallers = new WeakMap<object, AnyCaller | null>();

/**
 * Checks the caller token of every message before any handler runs: a token that fails any check refuses the message,
 * even on a handler that allows anonymous calls, so a forged caller is never quietly taken for no one.
 */
@Injectable()
export class CallerGuard implements CanActivate {
  private readonly logger = new Logger('CallerGuard');

  constructor(private readonly tokens: CallerTokens) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'rpc') return true;
    const rpc = ctx.switchToRpc();
    const rpcContext = rpc.getContext<RpcContextLike>();
    const token = readHeader(ctx, MessageHeader.callerToken);
    if (!token) {
      verifiedCallers.set(rpcContext, null);
      return true;
    }
    const subject = rpcContext.getSubject?.() ?? '';
    try {
      verifiedCallers.set(rpcContext, this.tokens.verify(token, subject, rpc.getData()));
    } catch (error) {
      if (error instanceof CallerTokenError) this.logger.warn(`refused a caller on ${subject}: ${error.reason}`);
      throw error;
    }
    return true;
  }
}

/** Who is calling, as CallerGuard verified it; null for anonymous calls (login, register) or without the guard. */
export const readCaller = (ctx: ExecutionContext): AnyCaller | null => verifiedCallers.get(ctx.switchToRpc().getContext<object>()) ?? null;

/** A signed-in user or no one; a service's own identity is refused here (it never stands in for a user). */
export const OptionalCaller = createParamDecorator((_data: unknown, ctx: ExecutionContext): Caller | null => {
  const caller = readCaller(ctx);
  if (caller && isServiceCaller(caller)) throw new DomainError(ErrorCode.FORBIDDEN, 'A service cannot make this call');
  return caller;
});

/** The user calling, required: a call without one, or from a service, is refused before the handler runs. */
export const CurrentCaller = createParamDecorator((_data: unknown, ctx: ExecutionContext): Caller => {
  const caller = readCaller(ctx);
  if (!caller) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
  if (isServiceCaller(caller)) throw new DomainError(ErrorCode.FORBIDDEN, 'A service cannot make this call');
  return caller;
});

/** A user or a service: for the calls another service makes on its own account; the handler's policy says which. */
export const UserOrServiceCaller = createParamDecorator((_data: unknown, ctx: ExecutionContext): AnyCaller => {
  const caller = readCaller(ctx);
  if (!caller) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
  return caller;
});

export const CorrelationId = createParamDecorator((_data: unknown, ctx: ExecutionContext): string =>
  readHeader(ctx, MessageHeader.correlationId),
);
