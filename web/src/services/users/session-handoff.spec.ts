import type { PublicUser } from '@labeldesk/contracts';
import { handoffIdOf, stageSessionHandoff, takeSessionHandoff } from './session-handoff';

const session = { token: 'customer-token', user: { _id: 'customer' } as PublicUser };

describe('the login-as session hand-off', () => {
  it('hands the staged session over once, through the id the navigation carries', () => {
    const state = stageSessionHandoff(session);
    const id = handoffIdOf(state);
    expect(id).not.toBeNull();
    expect(takeSessionHandoff(id ?? '')).toBe(session);
    expect(takeSessionHandoff(id ?? '')).toBeNull();
  });

  it('gives each hand-off its own id', () => {
    expect(stageSessionHandoff(session).sessionHandoff).not.toBe(stageSessionHandoff(session).sessionHandoff);
  });

  it('finds no hand-off in any other route state', () => {
    expect([handoffIdOf(null), handoffIdOf(undefined), handoffIdOf({ logout: true }), handoffIdOf({ sessionHandoff: 4 })]).toEqual([null, null, null, null]);
  });

  it('has nothing to give for an id it never staged (a reload lost the memory)', () => {
    expect(takeSessionHandoff('handoff-from-before-the-reload')).toBeNull();
  });
});
