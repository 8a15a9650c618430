import { ErrorCode } from '@labeldesk/contracts';
import { refuseTestModeUnlessReady } from './test-mode';

describe('test-mode readiness', () => {
  const live = { userId: 'u1', role: 'user' as const, authMethod: 'api_key' as const, scopes: ['labels:buy'] };

  it('refuses a test key on a route that does not act in test mode, with 403 saying to use a live key', () => {
    expect(() => refuseTestModeUnlessReady({ ...live, mode: 'test' }, false)).toThrow(expect.objectContaining({ code: ErrorCode.FORBIDDEN, message: expect.stringContaining('Use a live key') }));
  });

  it('refuses a test key on a live-only route with a test-mode twin, naming the route to use', () => {
    expect(() => refuseTestModeUnlessReady({ ...live, mode: 'test' }, 'POST /api/v1/batches')).toThrow(
      expect.objectContaining({ code: ErrorCode.FORBIDDEN, message: expect.stringContaining('with a test key use POST /api/v1/batches') }),
    );
    expect(() => refuseTestModeUnlessReady({ ...live, mode: 'test' }, undefined)).toThrow(expect.objectContaining({ message: expect.stringContaining('Use a live key') }));
    expect(() => refuseTestModeUnlessReady(live, 'POST /api/v1/batches')).not.toThrow();
  });

  it('lets a test key through a test-mode route, and a live caller through any route', () => {
    expect(() => refuseTestModeUnlessReady({ ...live, mode: 'test' }, true)).not.toThrow();
    expect(() => refuseTestModeUnlessReady(live, false)).not.toThrow();
    expect(() => refuseTestModeUnlessReady(live, undefined)).not.toThrow();
    expect(() => refuseTestModeUnlessReady({ userId: 'u1', role: 'user' }, false)).not.toThrow();
  });
});
