import type { Headers } from './in-process-bus';

/** The in-process twin of NatsRecord: data plus headers. */
export class InProcessRecord {
  constructor(
    readonly data: unknown,
    readonly headers: Headers,
  ) {}
}
