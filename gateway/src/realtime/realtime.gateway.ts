import { Logger } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection } from '@nestjs/websockets';
import { AuthRpc, type ClientToServerEvents, type ServerToClientEvents } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { Server, Socket } from 'socket.io';

export interface SocketData {
  userId: string;
  role: string;
}

/**
 * Socket.IO on the gateway's port, websocket transport only (as the web client uses). A socket must present
 * a valid token when it connects; it then sits in its user's room. Order rooms arrive with the bulk engine,
 * which checks ownership before a socket may join one.
 */
@WebSocketGateway({ transports: ['websocket'], cors: false })
export class RealtimeGateway implements OnGatewayConnection {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server!: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

  constructor(private readonly rpc: RpcClient) {}

  async handleConnection(socket: Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>): Promise<void> {
    const token = typeof socket.handshake.auth['token'] === 'string' ? socket.handshake.auth['token'] : '';
    try {
      const { caller } = await this.rpc.call(AuthRpc.verifyToken, { token });
      socket.data = { userId: caller.userId, role: caller.role };
      await socket.join(`user_${caller.userId}`);
    } catch {
      this.logger.debug('socket refused: no valid token');
      socket.disconnect(true);
    }
  }
}
