import { AsyncLocalStorage } from 'node:async_hooks';

/** The request a piece of work belongs to, across every await: one id from the browser's request to the last RPC. */
const store = new AsyncLocalStorage<{ correlationId: string }>();

/** Runs `work` as part of the request `correlationId`: its logs and the calls it makes carry that id. */
export const withCorrelationId = <T>(correlationId: string, work: () => T): T => store.run({ correlationId }, work);

/** The id of the request this code runs for, if any. */
export const currentCorrelationId = (): string | undefined => store.getStore()?.correlationId;
