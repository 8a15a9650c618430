import { Global, Module, type DynamicModule, type OnApplicationShutdown, Inject } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { CallerTokens, type CallerKeys } from './caller-token';
import { RpcClient } from './rpc-client';
import { createClientProxy, createRecordFactory, type TransportConfig } from './transport.config';

export const CLIENT_PROXY = Symbol('CLIENT_PROXY');

export interface TransportModuleOptions {
  transport: TransportConfig;
  rpcTimeoutMs: number;
  /** The keys this app signs callers with and believes callers by. */
  callerKeys: CallerKeys;
}

class ClientProxyCloser implements OnApplicationShutdown {
  constructor(@Inject(CLIENT_PROXY) private readonly proxy: ClientProxy) {}
  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}

/** Gives a Nest app an RpcClient bound to the configured transport. */
@Global()
@Module({})
export class TransportModule {
  static forRoot(options: TransportModuleOptions): DynamicModule {
    return {
      module: TransportModule,
      providers: [
        { provide: CLIENT_PROXY, useFactory: () => createClientProxy(options.transport) },
        { provide: CallerTokens, useFactory: () => new CallerTokens(options.callerKeys) },
        {
          provide: RpcClient,
          inject: [CLIENT_PROXY, CallerTokens],
          useFactory: (proxy: ClientProxy, tokens: CallerTokens) => new RpcClient(proxy, createRecordFactory(options.transport), options.rpcTimeoutMs, tokens),
        },
        ClientProxyCloser,
      ],
      exports: [RpcClient, CallerTokens],
    };
  }
}
