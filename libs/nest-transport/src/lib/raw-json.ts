/**
 * A reply's response as JSON text, for a caller that only passes it on (decision 033): the gateway answering an
 * HTTP request with what a service answered it. The service checked the response against its contract before it
 * sent it (`@RpcHandler`); the text is what it sent.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Marks a record whose reply the caller wants as `RawJson` (a property of the local object: it is never sent). */
export const RAW_REPLY = Symbol('labeldesk.rawReply');

export const wantsRawReply = (record: unknown): boolean =>
  typeof record === 'object' && record !== null && (record as { [RAW_REPLY]?: boolean })[RAW_REPLY] === true;

const PREFIX = Buffer.from('{"response":');

/**
 * The response's text inside a Nest reply packet as its NATS server writes it, `{"response":…,"isDisposed":true,
 * "id":"<id>"}` (JSON.stringify of `{ response, isDisposed, id }`, in that order), without parsing it; null when the
 * packet is anything else (an error, a reply in several packets, another layout), which the caller then parses.
 */
export const responseTextOf = (packet: Uint8Array, id: string): string | null => {
  const bytes = Buffer.from(packet.buffer, packet.byteOffset, packet.byteLength);
  const suffix = Buffer.from(`,"isDisposed":true,"id":${JSON.stringify(id)}}`);
  if (bytes.length <= PREFIX.length + suffix.length) return null;
  if (!bytes.subarray(0, PREFIX.length).equals(PREFIX) || !bytes.subarray(bytes.length - suffix.length).equals(suffix)) return null;
  // A string, not a Buffer: the text then lives in V8's heap like the objects it replaces, and the connection's read
  // chunk is free at once. Handed on as a Buffer (a copy or a view), the answers' bytes were malloc's: after the
  // list's load the gateway settled at 1.00-1.04 of its idle memory (0.93 with the string), after every load at 1.33.
  return bytes.toString('utf8', PREFIX.length, bytes.length - suffix.length);
};

/** The JSON text of a response that arrived parsed (the in-process bus, or a packet `responseTextOf` did not read). */
export const rawJsonOf = (response: unknown): RawJson => new RawJson(JSON.stringify(response ?? null));

/**
 * A parsed reply packet with its response as text, for a caller that wants text; null for an error or a reply with no
 * response, which go to the caller as they are (its check then fails them as for any call). Both transports decide
 * here.
 */
export const withResponseAsText = <P extends { err?: unknown; response?: unknown }>(packet: P): P | null =>
  packet.err || packet.response === undefined ? null : { ...packet, response: rawJsonOf(packet.response) };
