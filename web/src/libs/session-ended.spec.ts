import { sessionEndedMessage } from './session-ended';

describe('what the login page says when the server ended the session', () => {
  it('tells a blocked user why, in the words login uses for a blocked account', () => {
    expect(sessionEndedMessage({ reason: 'blocked' })).toBe('Your account has been blocked. Please contact support.');
  });

  it('names each other reason', () => {
    expect(sessionEndedMessage({ reason: 'deleted' })).toBe('Your account has been deleted. Please contact support.');
    expect(sessionEndedMessage({ reason: 'password-changed' })).toBe('Your password was changed. Please log in again.');
    expect(sessionEndedMessage({ reason: 'role-changed' })).toBe('Your access was changed. Please log in again.');
  });

  it('still says the session ended when the event is not understood', () => {
    expect(sessionEndedMessage({ reason: 'moon-phase' })).toBe('Your session has ended. Please log in again.');
    expect(sessionEndedMessage(undefined)).toBe('Your session has ended. Please log in again.');
  });
});
