import { PGlite } from '@electric-sql/pglite';
import { Logger } from '@nestjs/common';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { fsyncSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConnectionLock } from './connection-lock';
import { guardAgainstWraparound } from './freeze-guard';
import { vacuumWhenQuiet } from './quiet-vacuum';
import { ENDS_EXCHANGE, TERMINATE, WireReader, type WireMessage } from './wire-messages';

export interface EmbeddedPostgres {
  /** postgres:// URL on loopback for every service's pool. */
  url: string;
  stop(): Promise<void>;
}

const logger = new Logger('EmbeddedPostgres');

/**
 * PostgreSQL's buffer pool inside PGlite's WebAssembly memory, which only grows, so every megabyte of the pool is held
 * by the process for good once a large batch has filled it. Smaller than PGlite's default (128MB) costs a batch no
 * time: a page that is not in the pool is read from the data folder, i.e. from the operating system's file cache.
 */
const SHARED_BUFFERS = '32MB';

/**
 * PGlite starts PostgreSQL with fsync off (its `-F`), its fdatasync is a stub, and the file system it keeps a data
 * folder on (Emscripten's NODEFS) has no fsync at all: nothing written reached the disk before the operating system
 * chose to write it back. A killed process lost nothing (its writes are in the system's cache), but a power cut or a
 * kernel crash could lose committed money movements, or keep a checkpoint's record without its pages. So the
 * embedded database syncs as PostgreSQL does on a server: fsync on, the WAL synced at every commit with fsync()
 * (which reaches the file system, where fdatasync does not), and NODEFS given the fsync it lacks (decision 060).
 */
const DURABLE = ['-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

interface NodefsStream {
  /** The Node file descriptor NODEFS opened for the file or folder. */
  nfd?: number;
}

interface EmscriptenFileSystems {
  filesystems?: {
    NODEFS?: {
      stream_ops?: { fsync?: (stream: NodefsStream) => number };
      /** Runs a Node file operation, turning its error into the errno PostgreSQL reads (as NODEFS's own operations do). */
      tryFSOperation?: <T>(operation: () => T) => T;
    };
  };
}

/** Gives PGlite's NODEFS an fsync that syncs the file (or folder) to disk; refuses to start when it cannot. */
const syncToDisk = (db: PGlite): void => {
  const nodefs = (db as unknown as { mod?: { FS?: EmscriptenFileSystems } }).mod?.FS?.filesystems?.NODEFS;
  const streamOps = nodefs?.stream_ops;
  const run = nodefs?.tryFSOperation;
  if (!streamOps || !run) throw new Error('PGlite no longer exposes its NODEFS file system: the embedded database cannot sync its files to disk');
  streamOps.fsync = (stream) => {
    // A failure reaches PostgreSQL as an errno: a data file's failed fsync stops it (it never retries one), a folder's
    // it ignores where the system cannot sync folders.
    const fd = stream.nfd;
    if (typeof fd === 'number') run(() => fsyncSync(fd));
    return 0;
  };
};

/** The data folder's database, syncing to disk from its first checkpoint on; closed again when that fails. */
const openDurable = async (pgDir: string): Promise<PGlite> => {
  const db = await PGlite.create(pgDir, { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`, ...DURABLE] });
  try {
    syncToDisk(db);
    // What the start wrote before its files could be synced is synced now, with a checkpoint of its own.
    await db.exec('checkpoint');
    return db;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
};

/**
 * One PGlite database served over the PostgreSQL wire protocol on 127.0.0.1, so each service keeps its
 * ordinary MikroORM/pg stack in embedded mode. Loopback only, and a password made at each start (in the URL the
 * services get): another program on the machine cannot read or change the books.
 *
 * With `unixSocket`, it listens on a Unix socket in a new private (0700) folder instead of a TCP port: the same
 * protocol without the TCP stack, whose loopback writes are a large share of what each of the embedded process's
 * statements costs. pg and MikroORM reach it through the URL's host, the folder (as libpq does).
 */
export const startEmbeddedPostgres = async (dataDir: string, port = 0, unixSocket = false): Promise<EmbeddedPostgres> => {
  const pgDir = join(dataDir, 'pgdata');
  mkdirSync(pgDir, { recursive: true });
  const releaseLockFile = takeLockFile(dataDir);
  const db = await openDurable(pgDir).catch((error: unknown) => {
    releaseLockFile();
    throw error;
  });
  const password = randomBytes(24).toString('hex');
  const lock = new ConnectionLock();
  const freezing = guardAgainstWraparound(db, lock);
  const vacuuming = vacuumWhenQuiet(db, lock);
  const sockets = new Set<Socket>();
  let nextId = 1;

  const server = createServer((socket) => {
    sockets.add(socket);
    serveConnection(db, lock, password, socket, nextId++, () => sockets.delete(socket));
  });
  const socketDir = unixSocket ? mkdtempSync(join(tmpdir(), 'labeldesk-db-')) : null;
  await listen(server, socketDir ? join(socketDir, `.s.PGSQL.${SOCKET_PORT}`) : port);
  const host = socketDir ? `${encodeURIComponent(socketDir)}:${SOCKET_PORT}` : `127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `postgresql://postgres:${password}@${host}/postgres`,
    stop: async () => {
      freezing.stop();
      vacuuming.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
      if (socketDir) rmSync(socketDir, { recursive: true, force: true });
      releaseLockFile();
    },
  };
};

const serveConnection = (db: PGlite, lock: ConnectionLock, password: string, socket: Socket, id: number, onClose: () => void): void => {
  const reader = new WireReader();
  const pending: WireMessage[] = [];
  /** The client's startup, held back until its password is right (PGlite itself asks for none). */
  let startup: WireMessage | null = null;
  let authenticated = false;
  let draining = false;
  let closed = false;
  socket.setNoDelay(true);

  // PGlite hands over a view of its WebAssembly memory, which it overwrites with the next piece. A write the socket
  // cannot take at once is queued by reference, so it must be a copy: on a Unix socket (a ~200 KB buffer) a large
  // row (a file part) was queued, overwritten and reached pg misframed.
  const write = (data: Uint8Array) => {
    if (!closed && data.length > 0) socket.write(Buffer.from(data));
  };

  const handle = async (received: WireMessage): Promise<void> => {
    let message = received;
    if (message.kind === 'negotiate') return void socket.write('N'); // no SSL or GSS on loopback
    if (message.kind === 'cancel') return void socket.end(); // query cancellation is not supported
    if (message.kind === 'regular' && message.type === TERMINATE) return void socket.end();
    if (!authenticated) {
      if (message.kind === 'startup' && !startup) {
        startup = message;
        return void socket.write(AUTH_CLEARTEXT_PASSWORD);
      }
      if (!startup || message.kind !== 'regular' || message.type !== PASSWORD || !samePassword(message.bytes, password)) {
        socket.end(passwordFailed());
        return;
      }
      authenticated = true;
      message = startup;
    }
    await lock.acquire(id);
    await db.runExclusive(() => db.execProtocolRawStream(new Uint8Array(message.bytes), { onRawData: write }));
    const exchangeDone = message.kind === 'startup' || (message.kind === 'regular' && ENDS_EXCHANGE.has(message.type));
    if (exchangeDone && !db.isInTransaction()) lock.release(id);
  };

  const drain = async () => {
    if (draining) return;
    draining = true;
    try {
      while (pending.length > 0 && !closed) {
        const message = pending.shift();
        if (message) await handle(message);
      }
    } catch (error) {
      logger.error(`connection ${id} failed: ${error instanceof Error ? error.message : String(error)}`);
      socket.destroy();
    } finally {
      draining = false;
    }
  };

  socket.on('data', (chunk: Buffer) => {
    pending.push(...reader.push(chunk));
    void drain();
  });
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    closed = true;
    onClose();
    void abandon(db, lock, id);
  });
};

const PASSWORD = 'p';
/** The port in a Unix socket's name (`.s.PGSQL.<port>`), as pg and libpq look for it in the host folder. */
const SOCKET_PORT = 5432;
/** AuthenticationCleartextPassword: R, length 8, code 3 (loopback only, so no channel to protect it from). */
const AUTH_CLEARTEXT_PASSWORD = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]);

/** PasswordMessage: p, length, the password ending in a zero byte; compared in constant time. */
const samePassword = (bytes: Buffer, expected: string): boolean => {
  const given = bytes.subarray(5, bytes.length - 1);
  const wanted = Buffer.from(expected, 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
};

/** ErrorResponse 28P01, as PostgreSQL answers a wrong password. */
const passwordFailed = (): Buffer => {
  const fields = Buffer.from('SFATAL\0VFATAL\0C28P01\0Mpassword authentication failed for user "postgres"\0\0', 'utf8');
  const header = Buffer.alloc(5);
  header.write('E', 0, 'latin1');
  header.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([header, fields]);
};

/** A connection that vanished mid-transaction must not leave the shared session inside it. */
const abandon = async (db: PGlite, lock: ConnectionLock, id: number): Promise<void> => {
  if (lock.holder === id && db.isInTransaction()) {
    // exec takes PGlite's own mutex; wrapping it in runExclusive would deadlock.
    await db.exec('ROLLBACK').catch(() => undefined);
  }
  lock.forget(id);
};

const listen = (server: Server, where: number | string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if (typeof where === 'string') server.listen(where, () => resolve());
    else server.listen(where, '127.0.0.1', () => resolve());
  });

/** PGlite cannot share a data folder between processes: a second one would corrupt it. */
const takeLockFile = (dataDir: string): (() => void) => {
  const path = join(dataDir, 'embedded-db.lock');
  try {
    const holder = Number(readFileSync(path, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(`The data folder ${dataDir} is in use by process ${holder}. Stop it, or set DATA_DIR to another folder.`);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  writeFileSync(path, String(process.pid));
  return () => rmSync(path, { force: true });
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
