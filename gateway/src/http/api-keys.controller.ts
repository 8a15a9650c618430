import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { apiKeyListSchema, ApiKeysRpc, createApiKeyBodySchema, createdApiKeySchema, okSchema, type ApiKeyList, type CreatedApiKey } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Forwards } from '../auth/access.decorators';
import { ForgetsUsers, self } from '../auth/forgets-user.decorator';
import { ClientAddress, Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/**
 * A user's API keys (decision 049). Sessions only: a key can neither mint nor list nor revoke keys; making and revoking
 * one is the holder's own (no login-as session), and making one asks for the password or a code again (decision 072).
 */
@Controller('keys')
export class ApiKeysController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({
    summary: 'Create an API key with the scopes given: the key is in this answer only (store it now). Needs `password`, or with two-factor sign-in on `code` (403 AUTH_CONFIRMATION_FAILED when wrong)',
    body: createApiKeyBodySchema,
    response: createdApiKeySchema,
    status: 201,
  })
  @Forwards(ApiKeysRpc.create)
  @ForgetsUsers(self)
  @Post()
  create(@Body(new ZodBody(createApiKeyBodySchema)) body: z.output<typeof createApiKeyBodySchema>, @ClientAddress() clientAddress: string, @Ctx() ctx: CallContext): Promise<CreatedApiKey> {
    // Wrong passwords are counted per (account, address) as sign-in's are: the auth service needs the address.
    return this.rpc.call(ApiKeysRpc.create, { ...body, clientAddress }, ctx);
  }

  @ApiDoc({ summary: 'Your API keys (name, prefix and last four, scopes, created, last used): never the keys themselves', response: apiKeyListSchema })
  @Forwards(ApiKeysRpc.list)
  @Get()
  list(@Ctx() ctx: CallContext): Promise<ApiKeyList> {
    return this.rpc.call(ApiKeysRpc.list, {}, ctx);
  }

  @ApiDoc({ summary: 'Revoke an API key: refused from the next request on, by every gateway', response: okSchema })
  @Forwards(ApiKeysRpc.revoke)
  @ForgetsUsers(self)
  @Delete(':id')
  @HttpCode(200)
  revoke(@Param('id') keyId: string, @Ctx() ctx: CallContext): Promise<{ ok: true }> {
    return this.rpc.call(ApiKeysRpc.revoke, { keyId }, ctx);
  }
}
