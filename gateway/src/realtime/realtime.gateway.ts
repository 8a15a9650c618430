import { Inject, Logger } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer, type OnGatewayConnection } from '@nestjs/websockets';
import { bulkFileData, OrdersRpc, orderRoom, type BulkProgressEvent, type Caller, type ClientToServerEvents, type OrderProgress, type ServerToClientEvents, type SessionsEndedReason } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { Server, Socket } from 'socket.io';
import { withheldWhereDue } from '../auth/admin-two-factor.guard';
import { CallerVerifier } from '../auth/caller-verifier';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env.schema';
import { readClaims } from '../auth/verified-callers.cache';

export interface SocketData {
  userId: string;
  role: string;
}

type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** The room every socket of a user sits in from the moment it connects. */
const userRoom = (userId: string) => `user_${userId}` as const;

/** The room of the sockets of the login-as sessions an admin opened: they end with the admin's sessions (decision 037). */
const loginAsRoom = (adminId: string) => `login_as_by_${adminId}` as const;

const tokenOf = (handshake: { auth: Record<string, unknown> }): string => (typeof handshake.auth['token'] === 'string' ? handshake.auth['token'] : '');

const ROOM = /^order_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const toProgress = (event: BulkProgressEvent): OrderProgress => ({
  orderId: event.orderId,
  processedCount: event.processedCount,
  failedCount: event.failedCount,
  status: event.status,
  totalCount: event.totalCount,
  ...(event.fileData ? { fileData: event.fileData } : {}),
});

/**
 * Socket.IO on the gateway's port, websocket transport only (as the web client uses). A socket must present
 * a valid token when it connects and sits in its user's room; it may join `order_<id>` rooms of its own
 * batches (an admin: any), with the token checked again on every join, and gets the batch's state at once.
 */
@WebSocketGateway({ transports: ['websocket'], cors: false })
export class RealtimeGateway implements OnGatewayConnection {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server!: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

  /** When each user's sessions last ended on this replica, for sockets whose check was under way at that moment. */
  private readonly sessionsEndedAt = new Map<string, number>();

  constructor(
    private readonly rpc: RpcClient,
    private readonly callers: CallerVerifier,
    @Inject(GATEWAY_ENV) private readonly env: Pick<GatewayEnv, 'ADMIN_2FA_REQUIRED'>,
  ) {}

  async handleConnection(socket: AppSocket): Promise<void> {
    const checkedFrom = Date.now();
    const caller = await this.verify(socket);
    if (!caller) {
      this.logger.debug('socket refused: no valid token');
      socket.disconnect(true);
      return;
    }
    socket.data = { userId: caller.userId, role: caller.role };
    // Read unverified: auth has just verified this token.
    const impersonatorId = readClaims(tokenOf(socket.handshake)).impersonatorId;
    await socket.join(impersonatorId ? [userRoom(caller.userId), loginAsRoom(impersonatorId)] : userRoom(caller.userId));
    // Sessions that ended while the token was being checked found this socket not yet in its room: check it again.
    const endedSince = (id: string | null) => id !== null && (this.sessionsEndedAt.get(id) ?? 0) >= checkedFrom;
    if ((endedSince(caller.userId) || endedSince(impersonatorId)) && !(await this.verify(socket))) socket.disconnect(true);
  }

  @SubscribeMessage('joinOrderRoom')
  async joinOrderRoom(@ConnectedSocket() socket: AppSocket, @MessageBody() room: unknown): Promise<void> {
    const name = typeof room === 'string' ? room : '';
    const match = ROOM.exec(name);
    if (!match?.[1]) {
      socket.emit('roomError', { room: name.slice(0, 100), message: 'Unknown room' });
      return;
    }
    // A token blocked or deleted since the socket connected must not follow a batch any more.
    const caller = await this.verify(socket);
    if (!caller) {
      socket.emit('roomError', { room: name, message: 'Authentication failed' });
      socket.disconnect(true);
      return;
    }
    try {
      const order = await this.rpc.call(OrdersRpc.bulkGet, { orderId: match[1] }, { caller });
      await socket.join(orderRoom(order._id));
      socket.emit('orderProgress', {
        orderId: order._id,
        processedCount: order.processedCount,
        failedCount: order.failedCount,
        status: order.status,
        totalCount: order.totalCount,
        fileData: bulkFileData(order),
      });
    } catch {
      socket.emit('roomError', { room: name, message: 'Order not found' });
    }
  }

  sendProgress(event: BulkProgressEvent): void {
    this.server?.to(orderRoom(event.orderId)).emit('orderProgress', toProgress(event));
  }

  /**
   * A user's sessions ended (password changed, blocked, deleted, role changed): every socket of theirs on this
   * replica, and of the login-as sessions they opened, whose token no longer verifies is disconnected at once, instead
   * of at its next join. Each is checked
   * rather than all dropped, so a socket already reconnected with the token the change itself issued stays.
   */
  async endSessions(userId: string, reason?: SessionsEndedReason): Promise<number> {
    this.rememberSessionsEnded(userId);
    if (!this.server) return 0;
    const sockets = await this.server.in([userRoom(userId), loginAsRoom(userId)]).fetchSockets();
    const ended = await Promise.all(
      sockets.map(async (socket) => {
        if (await this.verifyToken(tokenOf(socket.handshake))) return false;
        // Told before it is closed (the packet goes out first), so the tab signs out and says why.
        if (reason) socket.emit('sessionEnded', { reason });
        socket.disconnect(true);
        return true;
      }),
    );
    const count = ended.filter(Boolean).length;
    if (count > 0) this.logger.debug(`disconnected ${count} socket(s) of user ${userId}: sessions ended`);
    return count;
  }

  /** A connection's check takes one call to auth: a minute of memory covers any still under way. */
  private rememberSessionsEnded(userId: string): void {
    const now = Date.now();
    for (const [id, at] of this.sessionsEndedAt) if (now - at > 60_000) this.sessionsEndedAt.delete(id);
    this.sessionsEndedAt.set(userId, now);
  }

  private verify(socket: AppSocket): Promise<Caller | null> {
    return this.verifyToken(tokenOf(socket.handshake));
  }

  /**
   * Null for any token the auth service refuses (expired, ended, blocked or deleted user, or a subject that is not
   * a user id) and when it cannot answer: a socket is never kept on a token nobody vouched for.
   */
  private async verifyToken(token: string): Promise<Caller | null> {
    if (!token) return null;
    try {
      const verified = await this.callers.verify(token);
      // Joining another user's order room uses an admin power: withheld until two factors, as on HTTP (decision 070).
      return withheldWhereDue(verified.caller, verified.user, this.env.ADMIN_2FA_REQUIRED);
    } catch {
      return null;
    }
  }
}
