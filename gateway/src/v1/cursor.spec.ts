import { apiEventsAfterSchema, ErrorCode } from '@labeldesk/contracts';
import { BAD_CURSOR, decodeCursor, encodeCursor } from './cursor';

const AFTER = { createdAt: '2026-11-30T01:02:03.456789Z', id: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d' };

describe('the shipments cursor', () => {
  it('gives back the exact position it was made from, microseconds included', () => {
    expect(decodeCursor(encodeCursor(AFTER))).toEqual(AFTER);
  });

  it('is opaque URL-safe text: no JSON, time or id readable in it', () => {
    const cursor = encodeCursor(AFTER);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain(AFTER.id);
    expect(cursor).not.toContain('2026');
  });

  it("reads an event's cursor, whose id is the event's own text, only with the events' schema", () => {
    const event = { createdAt: AFTER.createdAt, id: 'label.purchased:single:0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d' };
    expect(decodeCursor(encodeCursor(event), apiEventsAfterSchema)).toEqual(event);
    expect(() => decodeCursor(encodeCursor(event))).toThrow(expect.objectContaining({ message: BAD_CURSOR }));
  });

  it.each([
    ['text that is not base64url', 'not a cursor!'],
    ['base64url of something not JSON', Buffer.from('hello').toString('base64url')],
    ['JSON of another version', Buffer.from(JSON.stringify({ v: 2, t: AFTER.createdAt, i: AFTER.id })).toString('base64url')],
    ['JSON whose id is not a UUID', Buffer.from(JSON.stringify({ v: 1, t: AFTER.createdAt, i: 'abc' })).toString('base64url')],
    ['JSON whose time is not a time', Buffer.from(JSON.stringify({ v: 1, t: 'yesterday', i: AFTER.id })).toString('base64url')],
    ['JSON that is a list', Buffer.from('[1,2]').toString('base64url')],
  ])('refuses %s with a 400 naming cursor', (_what, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED, message: BAD_CURSOR, issues: [{ path: 'cursor', message: BAD_CURSOR }] }));
  });
});
