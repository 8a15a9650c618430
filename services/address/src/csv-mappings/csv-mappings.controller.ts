import { Controller } from '@nestjs/common';
import { CsvMappingRpc, type Caller, type CsvMappingResponse, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import type { CsvMappingEntity } from './csv-mapping.entity';
import { CsvMappingRepository } from './csv-mapping.repository';

const toResponse = (signature: string, entity: CsvMappingEntity | null): CsvMappingResponse => ({
  signature,
  mapping: entity?.mapping ?? null,
  updatedAt: entity ? entity.updatedAt.toISOString() : null,
});

/** Issue 24: the caller's own saved column mappings; the user is always the caller (no user id is accepted). */
@Controller()
export class CsvMappingsController {
  constructor(private readonly mappings: CsvMappingRepository) {}

  @RpcHandler(CsvMappingRpc.get)
  async get(@CurrentCaller() caller: Caller, @RpcPayload(CsvMappingRpc.get) body: ParsedRequestOf<typeof CsvMappingRpc.get>): Promise<CsvMappingResponse> {
    return toResponse(body.signature, await this.mappings.find(caller.userId, body.signature));
  }

  @RpcHandler(CsvMappingRpc.save)
  async save(@CurrentCaller() caller: Caller, @RpcPayload(CsvMappingRpc.save) body: ParsedRequestOf<typeof CsvMappingRpc.save>): Promise<CsvMappingResponse> {
    return toResponse(body.signature, await this.mappings.save(caller.userId, body.signature, body.mapping));
  }
}
