import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { CsvMappingRpc, csvMappingResponseSchema, saveCsvMappingBodySchema, type CsvMappingResponse } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { ApiDoc } from '../docs/api-doc.decorator';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ZodBody } from './zod-body.pipe';

/**
 * Issue 24: the signed-in user's column mapping for a CSV header, by the header's signature (16 hex digits).
 * Always the caller's own mappings: the address service takes the user from the caller, never from the request.
 */
@Controller('csv-mappings')
export class CsvMappingsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'The column mapping saved for a CSV header signature (mapping null when none)', response: csvMappingResponseSchema })
  @Forwards(CsvMappingRpc.get)
  @Get(':signature')
  get(@Param('signature') signature: string, @Ctx() ctx: CallContext): Promise<CsvMappingResponse> {
    return this.rpc.call(CsvMappingRpc.get, { signature }, ctx);
  }

  @ApiDoc({ summary: 'Save (or replace) the column mapping of a CSV header signature', body: saveCsvMappingBodySchema, response: csvMappingResponseSchema })
  @Forwards(CsvMappingRpc.save)
  @Put(':signature')
  save(@Param('signature') signature: string, @Body(new ZodBody(saveCsvMappingBodySchema)) body: z.output<typeof saveCsvMappingBodySchema>, @Ctx() ctx: CallContext): Promise<CsvMappingResponse> {
    return this.rpc.call(CsvMappingRpc.save, { signature, mapping: body.mapping }, ctx);
  }
}
