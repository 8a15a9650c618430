import type { WritePacket } from '@nestjs/microservices';
import { jsonCopy } from './json-copy';
import { withResponseAsText } from './raw-json';

export type Headers = Record<string, string>;

export interface BusRequest {
  subject: string;
  data: unknown;
  headers: Headers;
}

/** What a server registers on the bus: it answers requests and receives events. */
export interface BusEndpoint {
  handlesRequest(subject: string): boolean;
  handlesEvent(subject: string): boolean;
  request(message: BusRequest, reply: (packet: WritePacket) => void): void;
  event(message: BusRequest): void;
}

/** NATS answers at once when nobody serves a subject; callers see the same text in both modes. */
export const NO_RESPONDERS = 'No responders for this subject';

/**
 * The in-process stand-in for NATS. It keeps the properties a caller could otherwise come to rely on by
 * accident: every payload is copied as a trip through JSON text would copy it (`jsonCopy`: Dates become strings,
 * undefined fields vanish), delivery is asynchronous, a subject nobody serves fails at once, and requests to a
 * service with several endpoints are balanced like a queue group.
 */
export class InProcessBus {
  private readonly endpoints = new Set<BusEndpoint>();
  /** The endpoints as an array, rebuilt only when one comes or goes (not copied from the set per message). */
  private snapshot: readonly BusEndpoint[] = [];
  private roundRobin = 0;

  register(endpoint: BusEndpoint): () => void {
    this.endpoints.add(endpoint);
    this.snapshot = [...this.endpoints];
    return () => {
      const removed = this.endpoints.delete(endpoint);
      this.snapshot = [...this.endpoints];
      return removed;
    };
  }

  /** `rawResponse`: the answer's response is handed over as its JSON text (`RawJson`) instead of a copy of it. */
  request(message: BusRequest, reply: (packet: WritePacket) => void, rawResponse = false): void {
    const wire = jsonCopy(message);
    setImmediate(() => {
      // Each endpoint answers from its own subject → handler cache, so this is a few map lookups per message.
      const candidates = this.snapshot.filter((e) => e.handlesRequest(wire.subject));
      if (candidates.length === 0) {
        reply({ err: NO_RESPONDERS, isDisposed: true });
        return;
      }
      const endpoint = candidates[this.roundRobin++ % candidates.length];
      endpoint?.request(wire, (packet) => reply((rawResponse && withResponseAsText(packet)) || jsonCopy(packet)));
    });
  }

  publish(message: BusRequest): void {
    const wire = jsonCopy(message);
    setImmediate(() => {
      for (const endpoint of this.snapshot) {
        if (endpoint.handlesEvent(wire.subject)) endpoint.event(jsonCopy(wire));
      }
    });
  }
}

/** One bus per process: every service and the gateway of the embedded mode meet here. */
export const processBus = new InProcessBus();
