import { Get, Post } from '@nestjs/common';
import { AuthRpc, defineRpc, OrdersRpc, TwoFactorRpc, type AccessPolicy } from '@labeldesk/contracts';
import { z } from 'zod';
import { ACCESS_POLICY, Forwards, routePolicyOf } from './access.decorators';

const contract = (access: Parameters<typeof defineRpc>[3]) => defineRpc('orders.test.thing.v1', z.object({}), z.object({}), access);

const policyOf = (controller: object, method: string): AccessPolicy | undefined =>
  Reflect.getMetadata(ACCESS_POLICY, (controller as Record<string, object>)[method] as object) as AccessPolicy | undefined;

describe('a route forwarding to a contract takes its access from the contract (decision 080)', () => {
  it('lets anyone call a route forwarding to a visitor\'s or a public contract: the gateway vouches for the visitor', () => {
    expect(routePolicyOf(AuthRpc.login, [])).toEqual({ who: 'public', scope: null });
    expect(routePolicyOf(contract({ who: 'public' }), [])).toEqual({ who: 'public', scope: null });
  });

  it('checks self-or-admin when the path names the user, and takes any signed-in user when the gateway fills the field from the caller', () => {
    const own = contract({ who: { selfOrAdmin: 'userId' }, scope: 'labels:read' });
    expect(routePolicyOf(own, ['userId'])).toEqual({ who: { selfOrAdmin: 'userId' }, scope: 'labels:read' });
    expect(routePolicyOf(own, ['orderId'])).toEqual({ who: 'signed-in', scope: 'labels:read' });
  });

  it('carries the API-key scope, admin only and holder only as the contract declares them', () => {
    expect(routePolicyOf(OrdersRpc.voidLabel, ['orderId'])).toEqual({ who: 'signed-in', scope: 'labels:void' });
    expect(routePolicyOf(AuthRpc.listUsers, [])).toEqual({ who: 'admin', scope: null });
    expect(routePolicyOf(TwoFactorRpc.enable, [])).toEqual({ who: 'signed-in', scope: null, holderOnly: true });
  });

  it('refuses to let a route forward to a contract only services may call', () => {
    expect(() => routePolicyOf(contract({ who: 'services', services: ['orders'] }), [])).toThrow('orders.test.thing.v1 is for services only');
  });

  it('reads the path of the route it sits on, so a user named in the path is checked', () => {
    class Routes {
      @Forwards(contract({ who: { selfOrAdmin: 'userId' }, scope: 'labels:buy' }))
      @Post('bulk/:userId')
      named(): void {}

      @Forwards(contract({ who: { selfOrAdmin: 'userId' }, scope: 'labels:buy' }))
      @Get('bulk')
      filled(): void {}
    }
    expect(policyOf(Routes.prototype, 'named')).toEqual({ who: { selfOrAdmin: 'userId' }, scope: 'labels:buy' });
    expect(policyOf(Routes.prototype, 'filled')).toEqual({ who: 'signed-in', scope: 'labels:buy' });
  });

  it('refuses to be put below the route decorator, where it could not read the path', () => {
    expect(() => {
      class Misplaced {
        @Get(':userId')
        @Forwards(OrdersRpc.list)
        list(): void {}
      }
      return Misplaced;
    }).toThrow('put it above the route');
  });
});
