import http from 'node:http';
import { createPool, parseAnswer, requestBytes } from './http1-client.mjs';

const listen = (handler) =>
  new Promise((resolve) => {
    const server = http.createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

const sendAll = (pool, bytes, count) =>
  Promise.all(Array.from({ length: count }, () => new Promise((resolve) => pool.send(bytes, (status, body) => resolve({ status, body: String(body) })))));

describe('the load generator’s HTTP client', () => {
  let server;
  let seen;
  beforeAll(async () => {
    seen = { sockets: new Set(), bodies: [], headers: [] };
    server = await listen((req, res) => {
      seen.sockets.add(req.socket);
      seen.headers.push(req.headers);
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.bodies.push(body);
        if (req.url === '/chunked') {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('hello ');
          setTimeout(() => res.end('world'), 5);
        } else if (req.url === '/refused') {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'Invalid weight' }));
        } else if (req.url === '/empty') {
          res.writeHead(204);
          res.end();
        } else if (req.url === '/slow') {
          setTimeout(() => res.end('late'), 300);
        } else {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ echo: body, path: req.url }));
        }
      });
    });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const poolFor = (options = {}) => createPool({ host: '127.0.0.1', port: server.address().port, connections: 4, timeoutMs: 2_000, ...options });

  it('sends a request node:http reads as sent, and reads its answer', async () => {
    const pool = poolFor();
    const bytes = requestBytes({ method: 'POST', path: '/api/quote', host: 'x', headers: { token: 't-1', 'content-type': 'application/json' }, body: Buffer.from('{"a":1}') });
    const [answer] = await sendAll(pool, bytes, 1);
    expect(answer).toEqual({ status: 200, body: JSON.stringify({ echo: '{"a":1}', path: '/api/quote' }) });
    expect(seen.headers.at(-1)).toMatchObject({ token: 't-1', 'content-type': 'application/json', 'content-length': '7', connection: 'keep-alive' });
    pool.close();
  });

  it('keeps at most the given number of connections, one request on each at a time, and queues the rest', async () => {
    seen.sockets.clear();
    const pool = poolFor({ connections: 3 });
    const answers = await sendAll(pool, requestBytes({ method: 'GET', path: '/n', host: 'x', headers: {} }), 30);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(seen.sockets.size).toBe(3);
    pool.close();
  });

  it('closes a connection idle for idleMs itself, and opens a new one for the next request', async () => {
    seen.sockets.clear();
    const pool = poolFor({ connections: 1, idleMs: 30 });
    const bytes = requestBytes({ method: 'GET', path: '/n', host: 'x', headers: {} });
    await sendAll(pool, bytes, 1);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const [answer] = await sendAll(pool, bytes, 1);
    expect([answer.status, seen.sockets.size]).toEqual([200, 2]);
    pool.close();
  });

  it('reads chunked answers, answers without a body and refusals with theirs', async () => {
    const pool = poolFor();
    const get = (path) => sendAll(pool, requestBytes({ method: 'GET', path, host: 'x', headers: {} }), 1).then(([a]) => a);
    expect(await get('/chunked')).toEqual({ status: 200, body: 'hello world' });
    expect(await get('/empty')).toEqual({ status: 204, body: '' });
    expect(await get('/refused')).toEqual({ status: 400, body: '{"message":"Invalid weight"}' });
    pool.close();
  });

  it('reports a request that waits longer than the time-out as status 0, TIMEOUT', async () => {
    const pool = poolFor({ timeoutMs: 50 });
    const [answer] = await sendAll(pool, requestBytes({ method: 'GET', path: '/slow', host: 'x', headers: {} }), 1);
    expect(answer).toEqual({ status: 0, body: 'TIMEOUT' });
    pool.close();
  });

  it('reports a refused connection as status 0 with its error code', async () => {
    const closed = await listen(() => undefined);
    const port = closed.address().port;
    await new Promise((resolve) => closed.close(resolve));
    const pool = createPool({ host: '127.0.0.1', port, connections: 1, timeoutMs: 1_000 });
    const [answer] = await sendAll(pool, requestBytes({ method: 'GET', path: '/', host: 'x', headers: {} }), 1);
    expect(answer).toEqual({ status: 0, body: 'ECONNREFUSED' });
  });

  it('waits for the rest of an answer that arrives in pieces', () => {
    const whole = Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello');
    expect(parseAnswer(whole.subarray(0, 20))).toBeNull();
    expect(parseAnswer(whole.subarray(0, whole.length - 1))).toBeNull();
    expect(String(parseAnswer(whole)?.body)).toBe('hello');
  });

  it('reads past an interim 100 Continue to the real answer', () => {
    const bytes = Buffer.from('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok');
    const answer = parseAnswer(bytes);
    expect(answer?.status).toBe(201);
    expect(String(answer?.body)).toBe('ok');
  });

  it('answers CLOSED to the requests still queued when the pool closes', async () => {
    const pool = poolFor({ connections: 1 });
    const bytes = requestBytes({ method: 'GET', path: '/slow', host: 'x', headers: {} });
    const answers = Array.from({ length: 3 }, () => new Promise((resolve) => pool.send(bytes, (status, body) => resolve({ status, body: String(body) }))));
    pool.close();
    expect(await answers[1]).toEqual({ status: 0, body: 'CLOSED' });
    expect(await answers[2]).toEqual({ status: 0, body: 'CLOSED' });
    expect(await answers[0]).toEqual({ status: 200, body: 'late' });
  });
});

