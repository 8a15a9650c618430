import { rawJsonOf, responseTextOf } from './raw-json';

const bytes = (text: string) => new Uint8Array(Buffer.from(text));

describe('responseTextOf', () => {
  it('reads the response out of a Nest reply packet byte for byte, without writing it again', () => {
    // Spaces a second JSON.stringify would drop: the bytes are the service's own.
    const packet = bytes('{"response":{"orders": [ {"_id":"o1","name":"Zoë"} ]},"isDisposed":true,"id":"42"}');
    expect(responseTextOf(packet, '42')).toBe('{"orders": [ {"_id":"o1","name":"Zoë"} ]}');
  });

  it('reads a packet that is a view into a larger buffer', () => {
    const backing = Buffer.from('xx{"response":[1,2],"isDisposed":true,"id":"7"}yy');
    const view = new Uint8Array(backing.buffer, backing.byteOffset + 2, backing.length - 4);
    expect(responseTextOf(view, '7')).toBe('[1,2]');
  });

  it('reads nothing out of an error, another call’s reply, an unfinished reply or another layout', () => {
    expect(responseTextOf(bytes('{"err":{"code":"FORBIDDEN"},"isDisposed":true,"id":"42"}'), '42')).toBeNull();
    expect(responseTextOf(bytes('{"response":{"a":1},"isDisposed":true,"id":"41"}'), '42')).toBeNull();
    expect(responseTextOf(bytes('{"response":{"a":1},"id":"42"}'), '42')).toBeNull();
    expect(responseTextOf(bytes('{"id":"42","response":{"a":1},"isDisposed":true}'), '42')).toBeNull();
    expect(responseTextOf(bytes('{"isDisposed":true,"id":"42"}'), '42')).toBeNull();
  });

});

describe('rawJsonOf', () => {
  it('writes a parsed response as JSON text, null for none', () => {
    expect(rawJsonOf({ orders: [] }).text).toBe('{"orders":[]}');
    expect(rawJsonOf(undefined).text).toBe('null');
  });
});
