import { BaseRpcContext } from '@nestjs/microservices';
import type { Headers } from './in-process-bus';

/** Header access with the same shape as NATS' MsgHdrs, so handlers read both alike. */
export class HeaderBag {
  constructor(private readonly values: Headers) {}
  get(key: string): string {
    return this.values[key] ?? '';
  }
}

export class InProcessContext extends BaseRpcContext<[string, HeaderBag]> {
  getSubject(): string {
    return this.args[0];
  }
  getHeaders(): HeaderBag {
    return this.args[1];
  }
}
