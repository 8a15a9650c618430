import { Test } from '@nestjs/testing';
import { labelSettingsSchema } from '@labeldesk/contracts';
import { GatewayModule } from '../app.module';
import { RouteCatalogue } from '../docs/route-catalogue';
import { inProcessGatewayEnv } from '../testing/in-process-env';

describe('label settings routes (decision 096)', () => {
  let routes: ReturnType<RouteCatalogue['routes']>;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [GatewayModule.forEnv(inProcessGatewayEnv())] }).compile();
    routes = moduleRef.get(RouteCatalogue).routes();
    await moduleRef.close();
  });

  const find = (method: string) => routes.find((r) => r.method === method && r.path === '/api/label-settings/{userId}');

  it('lets the user or an admin read the label size, an API key with labels:read too', () => {
    expect(find('get')?.policy).toEqual({ who: { selfOrAdmin: 'userId' }, scope: 'labels:read' });
  });

  it('lets only the user or an admin change it, from a session, with the body checked against the settings schema', () => {
    expect(find('put')?.policy).toEqual({ who: { selfOrAdmin: 'userId' }, scope: null });
    expect(find('put')?.validated.body).toBe(labelSettingsSchema);
  });
});
