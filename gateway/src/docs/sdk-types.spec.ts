import { Test } from '@nestjs/testing';
import { readFileSync, writeFileSync } from 'node:fs';
import { DRIFT, REGENERATE, SDK_TYPES_FILE, sdkTypesOf } from '../../test/support/sdk-types';
import { GatewayModule } from '../app.module';
import { inProcessGatewayEnv } from '../testing/in-process-env';
import { buildOpenApi } from './openapi.builder';
import { RouteCatalogue } from './route-catalogue';

/**
 * The SDK's types (libs/sdk, decision 106) are generated from the document this gateway serves, built offline as
 * openapi-contract.spec.ts builds it. This spec fails when the committed file differs; `npm run sdk:generate` runs it
 * with SDK_GENERATE=1, which writes the file instead.
 */
const servedDocument = async () => {
  const moduleRef = await Test.createTestingModule({ imports: [GatewayModule.forEnv(inProcessGatewayEnv())] }).compile();
  const routes = moduleRef.get(RouteCatalogue).routes();
  await moduleRef.close();
  return buildOpenApi(routes, '0.1.0');
};

describe('the SDK types generated from the OpenAPI document', () => {
  it(`are the committed libs/sdk/src/generated/openapi.ts (else run \`${REGENERATE}\`)`, async () => {
    const generated = await sdkTypesOf(await servedDocument());
    if (process.env['SDK_GENERATE'] === '1') {
      writeFileSync(SDK_TYPES_FILE, generated);
      return;
    }
    if (readFileSync(SDK_TYPES_FILE, 'utf8') !== generated) throw new Error(DRIFT);
  }, 60_000);
});
