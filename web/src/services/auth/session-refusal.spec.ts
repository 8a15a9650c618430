import { sessionRefusal } from './session-refusal';

const answer = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('why the server refuses a session', () => {
  const fetchMock = jest.fn();
  beforeAll(() => {
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it("gives the server's own message for a refused session, such as a blocked account", async () => {
    fetchMock.mockImplementationOnce(answer(401, { message: 'Your account has been blocked. Please contact support.', code: 'AUTH_ACCOUNT_BLOCKED' }));
    await expect(sessionRefusal('the-token')).resolves.toBe('Your account has been blocked. Please contact support.');
    expect(fetchMock).toHaveBeenLastCalledWith('/api/auth/verify', { headers: { Accept: 'application/json', token: 'the-token' } });
  });

  it('says the session ended when a refusal carries no message', async () => {
    fetchMock.mockImplementationOnce(answer(401, {}));
    await expect(sessionRefusal('t')).resolves.toBe('Your session has ended. Please log in again.');
  });

  it('gives nothing while the session is accepted or the server cannot be reached', async () => {
    fetchMock.mockImplementationOnce(answer(200, { user: {} }));
    await expect(sessionRefusal('t')).resolves.toBeNull();
    fetchMock.mockImplementationOnce(answer(503, { message: 'No service is answering' }));
    await expect(sessionRefusal('t')).resolves.toBeNull();
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('network down');
    });
    await expect(sessionRefusal('t')).resolves.toBeNull();
  });
});
