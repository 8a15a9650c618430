import type { ClientProxy } from '@nestjs/microservices';
import {
  DomainError,
  ErrorCode,
  MessageHeader,
  rpcErrorSchema,
  validationError,
  type AnyEventContract,
  type AnyRpcContract,
  type Caller,
  type VisitorCaller,
  type PayloadOf,
  type RequestOf,
  type ResponseOf,
} from '@labeldesk/contracts';
import { currentCorrelationId, rpcDuration } from '@labeldesk/nest-config';
import { randomUUID } from 'node:crypto';
import { TimeoutError, firstValueFrom, timeout } from 'rxjs';
import type { CallerTokens } from './caller-token';
import { NO_RESPONDERS, type Headers } from './in-process-bus';
import type { RecordFactory } from './transport.config';
import { RAW_REPLY, RawJson } from './raw-json';

export interface CallOptions {
  /**
   * The signed-in user the call is made for, or a visitor on a public route; only the gateway, which verified them (or
   * took the request), may name one.
   */
  caller?: Caller | VisitorCaller | null;
  /** Call as this process's own service identity (a service acting on its own account). */
  asService?: boolean;
  correlationId?: string;
  timeoutMs?: number;
}

/**
 * The only way code talks to another service: validates the request before it leaves and the reply when
 * it arrives, always with a timeout (NATS has none by default), and turns every failure into a DomainError.
 */
export class RpcClient {
  constructor(
    private readonly proxy: ClientProxy,
    private readonly record: RecordFactory,
    private readonly defaultTimeoutMs: number,
    private readonly tokens: CallerTokens,
  ) {}

  async call<C extends AnyRpcContract>(contract: C, request: RequestOf<C>, options: CallOptions = {}): Promise<ResponseOf<C>> {
    return checkedReply(contract, await this.request(contract, request, options, false));
  }

  /**
   * The reply's response as its JSON text (a string), for an answer the caller passes on as it is (decision 033): the serving
   * handler checked it against the contract before sending it (`@RpcHandler`), and reading it into objects only to
   * check and write it again is most of what a long list costs the gateway. Failures are DomainErrors as in `call`.
   */
  async callForText<C extends AnyRpcContract>(contract: C, request: RequestOf<C>, options: CallOptions = {}): Promise<string> {
    const reply = await this.request(contract, request, options, true);
    if (reply instanceof RawJson) return reply.text;
    // A transport that hands over objects: checked and written here, as `call` would have.
    return JSON.stringify(checkedReply(contract, reply));
  }

  private async request(contract: AnyRpcContract, request: unknown, options: CallOptions, raw: boolean): Promise<unknown> {
    const parsed = contract.request.safeParse(request);
    if (!parsed.success) throw validationError(parsed.error);
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    const stopTimer = rpcDuration.startTimer({ subject: contract.subject });
    try {
      const record = this.record(parsed.data, this.headersFor(contract.subject, parsed.data, options));
      if (raw && typeof record === 'object' && record !== null) Object.defineProperty(record, RAW_REPLY, { value: true });
      const reply: unknown = await firstValueFrom(this.proxy.send(contract.subject, record).pipe(timeout(timeoutMs)), { defaultValue: null });
      stopTimer({ outcome: 'ok' });
      return reply;
    } catch (error) {
      const failure = toDomainError(error, contract.subject, timeoutMs);
      stopTimer({ outcome: failure.code });
      throw failure;
    }
  }

  /** True when the transport is connected within `timeoutMs` (the readiness probe's question). */
  async connected(timeoutMs = 2_000): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    try {
      return await Promise.race([Promise.resolve(this.proxy.connect()).then(() => true as const, () => false as const), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Events carry no caller: a token is made for the one service serving a subject, and an event may reach many. */
  async emit<C extends AnyEventContract>(contract: C, payload: PayloadOf<C>, options: Pick<CallOptions, 'correlationId'> = {}): Promise<void> {
    const parsed = contract.payload.safeParse(payload);
    if (!parsed.success) throw validationError(parsed.error);
    await firstValueFrom(this.proxy.emit(contract.subject, this.record(parsed.data, this.headersFor(contract.subject, parsed.data, options))), { defaultValue: null });
  }

  private headersFor(subject: string, payload: unknown, options: CallOptions): Headers {
    const headers: Headers = { [MessageHeader.correlationId]: options.correlationId || currentCorrelationId() || randomUUID() };
    const issuer = this.tokens.issuer;
    const identity = options.asService && issuer && issuer !== 'gateway' ? { service: issuer } : options.caller;
    if (options.asService && !identity) throw new DomainError(ErrorCode.INTERNAL, `No service identity to call ${subject} with`);
    if (identity) headers[MessageHeader.callerToken] = this.tokens.sign(identity, subject, payload);
    return headers;
  }
}

const checkedReply = <C extends AnyRpcContract>(contract: C, reply: unknown): ResponseOf<C> => {
  const response = contract.response.safeParse(reply);
  if (!response.success) {
    throw new DomainError(ErrorCode.INTERNAL, `Malformed reply from ${contract.subject}: ${response.error.issues[0]?.message ?? ''}`);
  }
  return response.data as ResponseOf<C>;
};

const toDomainError = (error: unknown, subject: string, timeoutMs: number): DomainError => {
  if (error instanceof DomainError) return error;
  if (error instanceof TimeoutError) return new DomainError(ErrorCode.TIMEOUT, `${subject} did not answer within ${timeoutMs} ms`);
  const body = rpcErrorSchema.safeParse(error);
  if (body.success) return new DomainError(body.data.code, body.data.message, body.data.issues, body.data.retryAfterSeconds);
  const text = errorText(error);
  // A message over the server's max_payload (deploy/nats/nats.conf): the sender's problem, said plainly, not a 500.
  if (text.includes('MAX_PAYLOAD_EXCEEDED')) return new DomainError(ErrorCode.PAYLOAD_TOO_LARGE, 'The request is too large to process in one piece. Split it into smaller uploads.');
  if (text.includes(NO_RESPONDERS) || text.includes('no subscribers') || text.includes('503') || text.includes('no responders')) {
    return new DomainError(ErrorCode.SERVICE_UNAVAILABLE, `No service is answering ${subject}`);
  }
  return new DomainError(ErrorCode.INTERNAL, `${subject} failed: ${text}`);
};

const errorText = (error: unknown): string => {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return JSON.stringify(error);
};
