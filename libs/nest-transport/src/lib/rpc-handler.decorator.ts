import {
  applyDecorators,
  createParamDecorator,
  Injectable,
  Logger,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
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
  isVisitorCaller,
  type AnyCaller,
  type Caller,
  type HandlerPolicy,
  type VisitorCaller,
} from '@labeldesk/contracts';
import type { z } from 'zod';
import { PATTERN_HANDLER_METADATA } from '@nestjs/microservices/constants';
import { PatternHandler } from '@nestjs/microservices/enums/pattern-handler.enum';
import { CallerTokenError, CallerTokens } from './caller-token';
import { enforceHandlerAccess, HANDLER_ACCESS } from './handler-access';

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

/**
 * Wraps a handler method so that a reply breaking its own contract fails loudly here (our bug) rather than confusing
 * the caller. Done on the method itself, not with a Nest interceptor: an interceptor chain binds an AsyncResource and
 * builds rxjs pipes per message (decision 026). The metadata earlier decorators put on the method is kept.
 */
const RepliesMatch =
  (contract: AnyRpcContract): MethodDecorator =>
  (_target, _key, descriptor) => {
    const handler = descriptor.value as unknown;
    if (typeof handler !== 'function') throw new Error(`@RpcHandler(${contract.subject}) is not on a method`);
    const check = (reply: unknown): unknown => {
      const parsed = contract.response.safeParse(reply);
      if (!parsed.success) throw new DomainError(ErrorCode.INTERNAL, `Reply breaks ${contract.subject}: ${parsed.error.issues[0]?.message ?? ''}`);
      return parsed.data;
    };
    // A synchronous handler stays synchronous (what it throws is thrown, not turned into a rejected promise).
    const checked = function (this: unknown, ...args: unknown[]): unknown {
      const reply: unknown = (handler as (...a: unknown[]) => unknown).apply(this, args);
      return reply instanceof Promise ? reply.then(check) : check(reply);
    };
    Object.defineProperty(checked, 'name', { value: handler.name });
    for (const key of Reflect.getOwnMetadataKeys(handler)) Reflect.defineMetadata(key, Reflect.getOwnMetadata(key, handler), checked);
    (descriptor as TypedPropertyDescriptor<unknown>).value = checked;
    return descriptor;
  };

/**
 * Serves one request/reply contract: CallerGuard enforces the access the contract declares (decision 080) before the
 * handler runs, and the reply is checked against its schema.
 */
export const RpcHandler = (contract: AnyRpcContract) =>
  applyDecorators(RepliesMatch(contract), MessagePattern(contract.subject), SetMetadata(HANDLER_ACCESS, contract.access));

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
const verifiedCallers = new WeakMap<object, AnyCaller | VisitorCaller | null>();

/**
 * Checks the caller token of every message before any handler runs: a token that fails any check refuses the message,
 * even on a handler that allows anonymous calls, so a forged caller is never quietly taken for no one. Then enforces
 * the access the request handler's contract declares (decision 080); a request handler without one is refused. Events
 * carry no caller (decision 028) and declare none.
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
    const subject = rpcContext.getSubject?.() ?? '';
    let caller: AnyCaller | VisitorCaller | null = null;
    if (token) {
      try {
        caller = this.tokens.verify(token, subject, rpc.getData());
      } catch (error) {
        if (error instanceof CallerTokenError) this.logger.warn(`refused a caller on ${subject}: ${error.reason}`);
        throw error;
      }
    }
    verifiedCallers.set(rpcContext, caller);
    const handler = ctx.getHandler();
    if (Reflect.getMetadata(PATTERN_HANDLER_METADATA, handler) !== PatternHandler.MESSAGE) return true;
    const policy = Reflect.getMetadata(HANDLER_ACCESS, handler) as HandlerPolicy | undefined;
    if (!policy) throw new DomainError(ErrorCode.FORBIDDEN, `${subject || handler.name} declares no access policy`);
    enforceHandlerAccess(policy, caller, rpc.getData());
    return true;
  }
}

const verifiedCaller = (ctx: ExecutionContext): AnyCaller | VisitorCaller | null => verifiedCallers.get(ctx.switchToRpc().getContext<object>()) ?? null;

/**
 * Who is calling, as CallerGuard verified it; null for no token or without the guard. A visitor is no one here: only
 * handlers that say they take visitors (`@UserOrVisitorCaller`) see them.
 */
export const readCaller = (ctx: ExecutionContext): AnyCaller | null => {
  const caller = verifiedCaller(ctx);
  return caller && !isVisitorCaller(caller) ? caller : null;
};

const userOrNoOne = (_data: unknown, ctx: ExecutionContext): Caller | null => {
  const caller = readCaller(ctx);
  if (caller && isServiceCaller(caller)) throw new DomainError(ErrorCode.FORBIDDEN, 'A service cannot make this call');
  return caller;
};

const requiredUser = (_data: unknown, ctx: ExecutionContext): Caller => {
  const caller = readCaller(ctx);
  if (!caller) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
  if (isServiceCaller(caller)) throw new DomainError(ErrorCode.FORBIDDEN, 'A service cannot make this call');
  return caller;
};

const requiredUserOrService = (_data: unknown, ctx: ExecutionContext): AnyCaller => {
  const caller = readCaller(ctx);
  if (!caller) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
  return caller;
};

const requiredUserOrVisitor = (_data: unknown, ctx: ExecutionContext): Caller | VisitorCaller => {
  const caller = verifiedCaller(ctx);
  if (!caller) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'The caller could not be verified');
  if (isServiceCaller(caller)) throw new DomainError(ErrorCode.FORBIDDEN, 'A service cannot make this call');
  return caller;
};

/** A signed-in user or no one; a service's own identity is refused here (it never stands in for a user). */
export const OptionalCaller = createParamDecorator(userOrNoOne);

/** The user calling, required: a call without one, or from a service, is refused before the handler runs. */
export const CurrentCaller = createParamDecorator(requiredUser);

/** A user or a service: for the calls another service makes on its own account; the handler's policy says which. */
export const UserOrServiceCaller = createParamDecorator(requiredUserOrService);

/**
 * A user or a visitor, vouched for by the gateway: for the public routes' subjects (sign-in, registration, password
 * reset). A call with no token is refused, so holding the gateway's NATS account alone is not enough (decision 036).
 */
export const UserOrVisitorCaller = createParamDecorator(requiredUserOrVisitor);

/** The parameter decorators' factories that refuse a call without a verified caller token. */
export const CALLER_REQUIRING_FACTORIES: ReadonlySet<unknown> = new Set([requiredUser, requiredUserOrService, requiredUserOrVisitor]);

export const CorrelationId = createParamDecorator((_data: unknown, ctx: ExecutionContext): string =>
  readHeader(ctx, MessageHeader.correlationId),
);
