import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { apiKeyListSchema, ApiKeysRpc, createApiKeyBodySchema, createdApiKeySchema, okSchema, type ApiKeyList, type CreatedApiKey } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { SignedIn } from '../auth/access.decorators';
import { ForgetsUsers, self } from '../auth/forgets-user.decorator';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/** A user's API keys (decision 049). Sessions only: a key can neither mint nor list nor revoke keys. */
@Controller('keys')
@SignedIn()
export class ApiKeysController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'Create an API key with the scopes given: the key is in this answer only (store it now)', body: createApiKeyBodySchema, response: createdApiKeySchema, status: 201 })
  @ForgetsUsers(self)
  @Post()
  create(@Body(new ZodBody(createApiKeyBodySchema)) body: z.output<typeof createApiKeyBodySchema>, @Ctx() ctx: CallContext): Promise<CreatedApiKey> {
    return this.rpc.call(ApiKeysRpc.create, body, ctx);
  }

  @ApiDoc({ summary: 'Your API keys (name, prefix and last four, scopes, created, last used): never the keys themselves', response: apiKeyListSchema })
  @Get()
  list(@Ctx() ctx: CallContext): Promise<ApiKeyList> {
    return this.rpc.call(ApiKeysRpc.list, {}, ctx);
  }

  @ApiDoc({ summary: 'Revoke an API key: refused from the next request on, by every gateway', response: okSchema })
  @ForgetsUsers(self)
  @Delete(':id')
  @HttpCode(200)
  revoke(@Param('id') keyId: string, @Ctx() ctx: CallContext): Promise<{ ok: true }> {
    return this.rpc.call(ApiKeysRpc.revoke, { keyId }, ctx);
  }
}
