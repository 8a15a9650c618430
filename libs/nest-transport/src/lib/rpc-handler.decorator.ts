import {
  applyDecorators,
  createParamDecorator,
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type PipeTransform,
} from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  callerSchema,
  DomainError,
  ErrorCode,
  MessageHeader,
  validationError,
  type AnyEventContract,
  type AnyRpcContract,
  type Caller,
} from '@labeldesk/contracts';
import type { z } from 'zod';
import { map, type Observable } from 'rxjs';

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

const readHeader = (ctx: ExecutionContext, key: string): string => {
  const rpcContext = ctx.switchToRpc().getContext<HeaderReader>();
  return rpcContext.getHeaders?.()?.get(key) ?? '';
};

/** Who is calling, as set by the gateway; null for anonymous calls (login, register). */
export const readCaller = (ctx: ExecutionContext): Caller | null => {
  const raw = readHeader(ctx, MessageHeader.caller);
  if (!raw) return null;
  const parsed = callerSchema.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : null;
};

export const OptionalCaller = createParamDecorator((_data: unknown, ctx: ExecutionContext): Caller | null => readCaller(ctx));

/** The caller, required: a call without one is refused before the handler runs. */
export const CurrentCaller = createParamDecorator((_data: unknown, ctx: ExecutionContext): Caller => {
  const caller = readCaller(ctx);
  if (!caller) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
  return caller;
});

export const CorrelationId = createParamDecorator((_data: unknown, ctx: ExecutionContext): string =>
  readHeader(ctx, MessageHeader.correlationId),
);
