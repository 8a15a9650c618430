import type { MessageHandler } from '@nestjs/microservices';
import { HandlerRoutes } from './handler-routes';

const handler = (async () => ({ ok: true })) as unknown as MessageHandler;

describe('HandlerRoutes', () => {
  it('looks a subject up once, a subject without a handler too', () => {
    const routes = new HandlerRoutes();
    const lookUp = jest.fn((subject: string) => (subject === 'pricing.quote.v1' ? handler : null));
    for (let i = 0; i < 3; i++) {
      expect(routes.resolve('pricing.quote.v1', lookUp)).toBe(handler);
      expect(routes.resolve('pricing.unknown.v1', lookUp)).toBeNull();
    }
    expect(lookUp.mock.calls.map(([subject]) => subject)).toEqual(['pricing.quote.v1', 'pricing.unknown.v1']);
  });

  it('looks again after a handler was added', () => {
    const routes = new HandlerRoutes();
    routes.resolve('pricing.quote.v1', () => null);
    routes.clear();
    expect(routes.resolve('pricing.quote.v1', () => handler)).toBe(handler);
  });

  it('stays bounded however many made-up subjects arrive', () => {
    const routes = new HandlerRoutes();
    const lookUp = jest.fn(() => null);
    for (let i = 0; i < 5_000; i++) routes.resolve(`junk.${i}`, lookUp);
    routes.resolve('junk.4999', lookUp);
    expect(lookUp).toHaveBeenCalledTimes(5_000);
    routes.resolve('junk.0', lookUp);
    expect(lookUp).toHaveBeenCalledTimes(5_001);
  });
});
