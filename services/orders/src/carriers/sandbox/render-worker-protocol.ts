/**
 * The messages between LabelRenderPool (main thread) and a label render worker, and the worker's side of them.
 * Kept apart from the worker entry so that tests can serve renders with another renderer (e.g. one that crashes).
 *
 * The input crosses by structured clone, which keeps a Date a Date (shipDate); the PDF comes back as an
 * ArrayBuffer in the transfer list, so it moves to the main thread without a copy.
 */
import type { MessagePort } from 'node:worker_threads';
import type { SandboxLabelInput } from './sandbox-label';

/** A few labels in one message (LabelRenderPool batches what is waiting), answered together by one RenderReply. */
export interface RenderRequest {
  id: number;
  labels: Array<{ id: number; input: SandboxLabelInput }>;
}

export type RenderResult = { type: 'done'; id: number; pdf: ArrayBuffer } | { type: 'failed'; id: number; error: SerializedError };

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
}

export type RenderReply =
  /** Sent once, after the renderer's modules loaded: until then a failing worker is a start failure, not a crash. */
  | { type: 'ready' }
  /** Every label of request `id`, in its order: each a PDF or that label's own error. */
  | { type: 'rendered'; id: number; results: RenderResult[] };

export type RenderFn = (input: SandboxLabelInput) => Promise<Buffer>;

/** Worker side: answers every RenderRequest on `port` with `render`'s PDF or its error, then says it is ready. */
export function serveRenderRequests(port: MessagePort, render: RenderFn): void {
  port.on('message', (request: RenderRequest) => {
    void answer(port, render, request);
  });
  port.postMessage({ type: 'ready' } satisfies RenderReply);
}

async function answer(port: MessagePort, render: RenderFn, { id, labels }: RenderRequest): Promise<void> {
  const results: RenderResult[] = [];
  const transfer: ArrayBuffer[] = [];
  for (const label of labels) {
    try {
      const pdf = ownArrayBuffer(await render(label.input));
      results.push({ type: 'done', id: label.id, pdf });
      transfer.push(pdf);
    } catch (error) {
      results.push({ type: 'failed', id: label.id, error: serializeError(error) });
    }
  }
  port.postMessage({ type: 'rendered', id, results } satisfies RenderReply, transfer);
}

/**
 * An ArrayBuffer holding exactly `pdf`'s bytes, safe to transfer. A label (a few KB) is smaller than half of
 * Buffer.poolSize, so pdfkit's Buffer.concat puts it in Node's shared 8 KB pool slab: that slab is marked
 * untransferable, and Node 20 then silently clones the whole slab instead. Copying the few KB here, on the worker
 * thread, makes the transfer to the main thread a real move.
 */
export function ownArrayBuffer(pdf: Buffer): ArrayBuffer {
  const { buffer } = pdf;
  // A Buffer spanning its whole ArrayBuffer has it to itself (pooled Buffers are under half a slab).
  if (buffer instanceof ArrayBuffer && pdf.byteOffset === 0 && pdf.byteLength === buffer.byteLength) {
    return buffer;
  }
  const own = new ArrayBuffer(pdf.byteLength);
  new Uint8Array(own).set(pdf);
  return own;
}

export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  return { name: 'Error', message: String(error) };
}

/** Main side: the worker's error as an Error again, with the worker's stack. */
export function deserializeError(error: SerializedError): Error {
  const revived = new Error(error.message);
  revived.name = error.name;
  if (error.stack) revived.stack = error.stack;
  return revived;
}
