import { createServer, connect, type AddressInfo, type Server } from 'node:net';
import { startRecordingRelay, type RecordingRelay } from './recording-relay';

describe('startRecordingRelay', () => {
  let echo: Server;
  let relay: RecordingRelay;

  beforeEach(async () => {
    echo = createServer((socket) => socket.on('data', (chunk) => socket.write(Buffer.concat([Buffer.from('echo:'), chunk]))));
    await new Promise<void>((listening) => echo.listen(0, '127.0.0.1', listening));
    relay = await startRecordingRelay({ host: '127.0.0.1', port: (echo.address() as AddressInfo).port });
  });

  afterEach(async () => {
    await relay.close();
    await new Promise<void>((closed) => echo.close(() => closed()));
  });

  it('passes a plaintext conversation through and keeps both directions of it, so secrets sent in the clear are found', async () => {
    const client = connect(relay.port, '127.0.0.1');
    const answer = await new Promise<string>((answered) => {
      client.once('data', (chunk: Buffer) => answered(chunk.toString()));
      client.write('CONNECT {"pass":"hunter2-secret"}');
    });
    client.destroy();

    expect(answer).toBe('echo:CONNECT {"pass":"hunter2-secret"}');
    expect(relay.captured().includes('hunter2-secret')).toBe(true);
    expect(relay.captured().includes('echo:CONNECT')).toBe(true);
  });
});
