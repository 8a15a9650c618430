import type { PublicUser } from '@labeldesk/contracts';
import { installMemoryLocalStorage } from '../../testing/memory-local-storage';

installMemoryLocalStorage();

const admin: PublicUser = { _id: 'a1', name: 'Admin', email: 'a@example.com', avatar: null, balance: 0, user_role: 'admin' } as PublicUser;

describe('endSession', () => {
  const fetchMock = jest.fn(async (_path: string, _init: RequestInit) => new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));
  beforeAll(() => {
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it("tells the server with the session's own token, so an admin's login-as sessions end with the logout, then forgets it", async () => {
    const { useAuthStore } = await import('../../stores/auth.store');
    const { endSession } = await import('./logout');
    useAuthStore.getState().setSession('the-token', admin);
    endSession();
    expect(useAuthStore.getState().token).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect([path, init?.method, (init?.headers as Record<string, string>)['token']]).toEqual(['/api/auth/logout', 'POST', 'the-token']);
  });

  it('sends nothing when there is no session to end', async () => {
    fetchMock.mockClear();
    const { endSession } = await import('./logout');
    endSession();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
