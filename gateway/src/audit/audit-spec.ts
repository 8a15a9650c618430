import type { AuditAction, AuditEntry } from '@labeldesk/contracts';
import type { Request } from 'express';
import type { Snapshot } from './snapshots';

export const AUDITED = 'labeldesk:audited';

export interface AuditSpec {
  /** The action, or how to tell it from the request (one route may set a balance or a referral code). */
  action: AuditAction | ((request: Request) => AuditAction);
  targetType: AuditEntry['targetType'];
  /** The target's id from the request (a path parameter), or null for a list-wide action. */
  target: (request: Request) => string | null;
  /** Read before and after the action; absent for actions that change no stored state (login as). */
  snapshot?: Snapshot;
  /**
   * Recorded when the action is refused as forbidden (403) for an admin: an attempt the rules refuse is worth seeing
   * too (an admin trying to sign in as another admin, decision 037). The refusal's message is the entry's `after`.
   */
  refused?: AuditAction;
  /**
   * Recorded only when an admin acts, on a route open to owners too (voiding a label): a customer's own actions are
   * not admin actions, but an admin's signed in as the customer are (decision 069: "admin A as customer C").
   */
  onlyWhenAdmin?: true;
  /**
   * Recorded only under login-as, on a route about the caller's own account (applying a referral code): an admin
   * doing it for themselves is a user's own action, not an admin action on someone.
   */
  onlyUnderLoginAs?: true;
}
