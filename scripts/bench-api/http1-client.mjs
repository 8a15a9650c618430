// A lean HTTP/1.1 keep-alive client for the load generator: each request is one prepared buffer written to an idle
// connection (at most one request on a connection at a time, as node:http's agent does: no pipelining, so the server
// sees the same traffic), and the answer is read by its status line, Content-Length or chunked framing. node:http's
// client takes CPU the server it measures needs, on the same two cores; this is what a C load tool (wrk) does, in
// JavaScript.
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** The bytes of one request. `headers`: name → value; Host, Connection and Content-Length are added. */
export const requestBytes = ({ method, path, host, headers, body }) => {
  let head = `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  if (body || method === 'POST' || method === 'PUT' || method === 'PATCH') head += `Content-Length: ${body ? body.length : 0}\r\n`;
  head += '\r\n';
  return body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1');
};

/**
 * Parses one answer out of `buffer` (bytes received so far on a connection). Returns null while incomplete, else
 * { status, body, rest, close } (rest: bytes past this answer; close: the server ends the connection after it).
 */
export const parseAnswer = (buffer) => {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd < 0) return null;
  const head = buffer.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  let length = null;
  let chunked = false;
  let close = false;
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim().toLowerCase();
    if (name === 'content-length') length = Number(value);
    else if (name === 'transfer-encoding') chunked = value.includes('chunked');
    else if (name === 'connection') close = value === 'close';
  }
  const bodyStart = headerEnd + 4;
  // An interim answer (100 Continue, 103 Early Hints) precedes the real one on the same connection.
  if (status >= 100 && status < 200) return parseAnswer(buffer.subarray(bodyStart));
  if (status === 204 || status === 304) return { status, body: buffer.subarray(bodyStart, bodyStart), rest: buffer.subarray(bodyStart), close };
  if (chunked) {
    const parts = [];
    let at = bodyStart;
    for (;;) {
      const lineEnd = buffer.indexOf(CRLF, at);
      if (lineEnd < 0) return null;
      const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
      if (!Number.isFinite(size)) throw new Error('bad chunk size');
      if (size === 0) {
        // The last chunk, then trailers (none expected) and an empty line.
        const end = buffer.indexOf(HEADER_END, lineEnd - 2);
        if (end < 0) return null;
        return { status, body: Buffer.concat(parts), rest: buffer.subarray(end + 4), close };
      }
      if (buffer.length < lineEnd + 2 + size + 2) return null;
      parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
  if (length === null) {
    // Without a length or chunks the body runs to the connection's end (not something the API does).
    throw new Error('answer without Content-Length or chunked framing');
  }
  if (buffer.length < bodyStart + length) return null;
  return { status, body: buffer.subarray(bodyStart, bodyStart + length), rest: buffer.subarray(bodyStart + length), close };
};

/**
 * A pool of at most `connections` keep-alive connections to host:port. `send(bytes, done)` writes the request on an
 * idle connection (opening one while under the limit, else queueing it) and calls `done(status, body)` once: status 0
 * with an error code as body for a network error or a time-out (`timeoutMs` without a byte while waiting).
 * `idleMs`: a connection idle that long is closed by the pool, before the server's keep-alive timeout (Node's 5 s)
 * closes it: a request written as the server closes its connection fails with ECONNRESET, a client's race, not the
 * server's error (a slow load leaves most connections idle for seconds).
 */
export const createPool = ({ host, port, connections, timeoutMs, idleMs }) => {
  const idle = [];
  const queue = [];
  let open = 0;
  let closed = false;

  /** One keep-alive connection: `send` while it is idle; it goes back to the pool when its answer is in. */
  const connect = () => {
    open++;
    const socket = net.connect({ host, port, noDelay: true });
    let received = null;
    let current = null;
    const settle = (status, body) => {
      const done = current;
      current = null;
      received = null;
      socket.setTimeout(0);
      done?.(status, body);
    };
    const connection = {
      idleTimer: null,
      send(bytes, done) {
        clearTimeout(connection.idleTimer);
        current = done;
        socket.setTimeout(timeoutMs);
        socket.write(bytes);
      },
      destroy: () => socket.destroy(),
    };
    const fail = (code) => {
      socket.destroy();
      settle(0, code);
    };
    socket.on('data', (chunk) => {
      // Bytes on a connection with no request on it would be paired with the next request's answer.
      if (!current) return fail('UNSOLICITED');
      received = received ? Buffer.concat([received, chunk]) : chunk;
      let answer;
      try {
        answer = parseAnswer(received);
      } catch (error) {
        fail(`PARSE: ${error.message}`);
        return;
      }
      if (!answer) return;
      settle(answer.status, answer.body);
      if (answer.close) socket.end();
      else release(connection);
    });
    socket.on('timeout', () => fail('TIMEOUT'));
    socket.on('error', (error) => fail(error.code ?? error.message));
    socket.on('close', () => {
      clearTimeout(connection.idleTimer);
      open--;
      const at = idle.indexOf(connection);
      if (at >= 0) idle.splice(at, 1);
      if (current) settle(0, 'ECONNRESET');
      openForQueue();
    });
    return connection;
  };

  const release = (connection) => {
    if (closed) return connection.destroy();
    const next = queue.shift();
    if (next) connection.send(next.bytes, next.done);
    else {
      idle.push(connection);
      if (idleMs) connection.idleTimer = setTimeout(() => connection.destroy(), idleMs);
    }
  };

  const openForQueue = () => {
    while (!closed && queue.length > 0 && open < connections) {
      const next = queue.shift();
      connect().send(next.bytes, next.done);
    }
  };

  return {
    send(bytes, done) {
      if (closed) return done(0, 'CLOSED');
      const connection = idle.pop();
      if (connection) connection.send(bytes, done);
      else if (open < connections) connect().send(bytes, done);
      else queue.push({ bytes, done });
    },
    close() {
      closed = true;
      for (const connection of idle.splice(0)) {
        clearTimeout(connection.idleTimer);
        connection.destroy();
      }
      for (const { done } of queue.splice(0)) done(0, 'CLOSED');
    },
  };
};
