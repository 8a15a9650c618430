import { orderProgressSchema, orderRoom } from '@labeldesk/contracts';
import type { ClientToServerEvents, OrderProgress, ServerToClientEvents } from '@labeldesk/contracts';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { useAuthStore } from '../stores/auth.store';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Spec 9: time-out 20 s, reconnect delay 1 to 5 s, jitter 0.5. */
export const SOCKET_TIMEOUT_MS = 20_000;
export const SOCKET_RECONNECT_DELAY_MS = 1_000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5_000;
export const SOCKET_RANDOMIZATION = 0.5;

let socket: AppSocket | null = null;
let socketToken: string | null = null;
let serverDropTimer: ReturnType<typeof setTimeout> | null = null;
let serverDrops = 0;
/** Rooms to be in: joined on every (re)connect, since the server forgets them with the old connection. */
const rooms = new Map<string, number>();

/** The delay before reconnecting after the server closed the socket: 1 s doubling to 5 s, ±50 %. */
export const reconnectDelay = (attempt: number, random: () => number = Math.random): number => {
  const base = Math.min(SOCKET_RECONNECT_DELAY_MAX_MS, SOCKET_RECONNECT_DELAY_MS * 2 ** Math.max(0, attempt));
  const jitter = base * SOCKET_RANDOMIZATION * (random() * 2 - 1);
  return Math.round(Math.min(SOCKET_RECONNECT_DELAY_MAX_MS, Math.max(SOCKET_RECONNECT_DELAY_MS, base + jitter)));
};

const joinAll = (target: AppSocket): void => {
  for (const room of rooms.keys()) target.emit('joinOrderRoom', room);
};

const clearServerDropTimer = (): void => {
  if (serverDropTimer !== null) clearTimeout(serverDropTimer);
  serverDropTimer = null;
};

/** Closes the connection and forgets it (logout, or a new session's token). */
export const disconnectSocket = (): void => {
  clearServerDropTimer();
  serverDrops = 0;
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  socketToken = null;
};

const connect = (token: string): AppSocket => {
  const created: AppSocket = io(window.location.origin, {
    transports: ['websocket'],
    auth: { token },
    timeout: SOCKET_TIMEOUT_MS,
    reconnection: true,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    randomizationFactor: SOCKET_RANDOMIZATION,
  });
  created.on('connect', () => {
    joinAll(created);
  });
  created.on('disconnect', (reason) => {
    // socket.io reconnects by itself after a lost connection, but not when the server closed it (spec 7:
    // "It reconnects when the server disconnects"), so that case is retried here with the same back-off.
    if (reason !== 'io server disconnect' || socket !== created) return;
    clearServerDropTimer();
    serverDropTimer = setTimeout(() => {
      serverDropTimer = null;
      if (socket === created && useAuthStore.getState().token === socketToken) created.connect();
    }, reconnectDelay(serverDrops));
    serverDrops += 1;
  });
  created.on('orderProgress', () => {
    serverDrops = 0;
  });
  return created;
};

/** The one socket of the signed-in session; a different token opens a new one. */
export const getSocket = (): AppSocket | null => {
  const token = useAuthStore.getState().token;
  if (!token) {
    if (socket) disconnectSocket();
    return null;
  }
  if (socket && socketToken === token) return socket;
  disconnectSocket();
  socketToken = token;
  socket = connect(token);
  return socket;
};

// Logout (or a login-as replacing the session) ends the socket of the old token.
useAuthStore.subscribe((state, previous) => {
  if (state.token !== previous.token && socket) disconnectSocket();
});

export interface OrderProgressHandlers {
  onProgress: (progress: OrderProgress) => void;
  onRoomError?: (message: string) => void;
  /** The socket could not connect (after its own time-out); it keeps retrying. */
  onConnectError?: () => void;
  onConnect?: () => void;
}

/**
 * Follows one batch: joins `order_{orderId}` now and after every reconnect, and hands its progress events over.
 * Returns the unsubscribe function; the room is left (client-side) when the last follower unsubscribes.
 */
export const followOrderProgress = (orderId: string, handlers: OrderProgressHandlers): (() => void) => {
  const target = getSocket();
  if (!target) return () => undefined;
  const room = orderRoom(orderId);
  rooms.set(room, (rooms.get(room) ?? 0) + 1);
  if (target.connected) target.emit('joinOrderRoom', room);

  const onProgress = (raw: OrderProgress): void => {
    const parsed = orderProgressSchema.safeParse(raw);
    if (parsed.success && parsed.data.orderId === orderId) handlers.onProgress(parsed.data);
  };
  const onRoomError = (error: { room: string; message: string }): void => {
    if (error.room === room) handlers.onRoomError?.(error.message);
  };
  const onConnectError = (): void => handlers.onConnectError?.();
  const onConnect = (): void => handlers.onConnect?.();
  target.on('orderProgress', onProgress);
  target.on('roomError', onRoomError);
  target.on('connect_error', onConnectError);
  target.on('connect', onConnect);

  return () => {
    target.off('orderProgress', onProgress);
    target.off('roomError', onRoomError);
    target.off('connect_error', onConnectError);
    target.off('connect', onConnect);
    const count = (rooms.get(room) ?? 1) - 1;
    if (count <= 0) rooms.delete(room);
    else rooms.set(room, count);
  };
};
