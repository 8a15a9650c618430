import { DomainError, type Caller } from '@labeldesk/contracts';
import { keyModeOf, listedMode } from './order-mode';

const session: Caller = { userId: 'u1', role: 'user' };
const liveKey: Caller = { userId: 'u1', role: 'user', authMethod: 'api_key', scopes: ['labels:read'] };
const testKey: Caller = { ...liveKey, mode: 'test' };

describe("which mode's orders a caller reads (decision 119)", () => {
  it('binds a test key to test, a live key to live, and a session to neither', () => {
    expect([keyModeOf(testKey), keyModeOf(liveKey), keyModeOf(session), keyModeOf({ ...session, authMethod: 'login_as' })]).toEqual(['test', 'live', undefined, undefined]);
  });

  it("lists a session's live orders unless it asks for test ones", () => {
    expect([listedMode(session, undefined), listedMode(session, 'live'), listedMode(session, 'test')]).toEqual(['live', 'live', 'test']);
  });

  it("lists a key's own mode when it names none or its own", () => {
    expect([listedMode(testKey, undefined), listedMode(testKey, 'test'), listedMode(liveKey, undefined), listedMode(liveKey, 'live')]).toEqual(['test', 'test', 'live', 'live']);
  });

  it('refuses a key asking for the other mode, naming the field', () => {
    for (const [caller, asked] of [[testKey, 'live'], [liveKey, 'test']] as const) {
      const refusal = (() => {
        try {
          listedMode(caller, asked);
          return null;
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'mode' }] });
    }
  });
});
