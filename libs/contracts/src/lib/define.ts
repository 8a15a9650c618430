import type { z } from 'zod';
import { handlerPolicyOf, type HandlerPolicy, type RpcAccess } from './access-policy';

/**
 * A request/reply message: the subject, both schemas and who may call it travel together, so a caller cannot mix them
 * up. The access is declared here once (decision 080): the serving handler enforces it on every message, and a
 * gateway route that calls it for the request's caller takes its own policy from it.
 */
export interface RpcContract<S extends string, Req extends z.ZodType, Res extends z.ZodType> {
  readonly kind: 'rpc';
  readonly subject: S;
  readonly request: Req;
  readonly response: Res;
  readonly access: HandlerPolicy;
}

/** A fire-and-forget event with its payload schema. */
export interface EventContract<S extends string, P extends z.ZodType> {
  readonly kind: 'event';
  readonly subject: S;
  readonly payload: P;
}

export type AnyRpcContract = RpcContract<string, z.ZodType, z.ZodType>;
export type AnyEventContract = EventContract<string, z.ZodType>;

export const defineRpc = <S extends string, Req extends z.ZodType, Res extends z.ZodType>(
  subject: S,
  request: Req,
  response: Res,
  access: RpcAccess,
): RpcContract<S, Req, Res> => ({ kind: 'rpc', subject, request, response, access: handlerPolicyOf(access) });

export const defineEvent = <S extends string, P extends z.ZodType>(subject: S, payload: P): EventContract<S, P> => ({
  kind: 'event',
  subject,
  payload,
});

export type RequestOf<C extends AnyRpcContract> = z.input<C['request']>;
export type ParsedRequestOf<C extends AnyRpcContract> = z.output<C['request']>;
export type ResponseOf<C extends AnyRpcContract> = z.output<C['response']>;
export type PayloadOf<C extends AnyEventContract> = z.output<C['payload']>;
