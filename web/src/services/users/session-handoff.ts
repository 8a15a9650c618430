import type { SavedSession } from '../../stores/auth.store';

/**
 * 'Login as User' hands the new session to the customer area through the navigation itself: the admin page stages
 * it here and navigates with `{ sessionHandoff: id }` as the route state; the customer area takes it before it
 * renders any page. Switching earlier, while the admin area is still on screen, lets its guard see a customer and
 * redirect; switching later lets the dashboard ask for the admin's data with the customer's token (the 403s).
 * The session stays in memory, never in the history entry: a reload or Back finds no session to take.
 */
const staged = new Map<string, SavedSession>();
let counter = 0;

export interface HandoffState {
  sessionHandoff: string;
}

export const stageSessionHandoff = (session: SavedSession): HandoffState => {
  counter += 1;
  const id = `handoff-${counter}-${Date.now()}`;
  staged.set(id, session);
  return { sessionHandoff: id };
};

/** The hand-off id a navigation carries, or null. */
export const handoffIdOf = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'sessionHandoff' in state && typeof state.sessionHandoff === 'string' ? state.sessionHandoff : null;

/** The staged session, once: taking it again (or after a reload) gives null. */
export const takeSessionHandoff = (id: string): SavedSession | null => {
  const session = staged.get(id) ?? null;
  staged.delete(id);
  return session;
};
