import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';

/** Every admin action the audit log records, and the account's own security changes (two-factor sign-in). */
export const AUDIT_ACTIONS = [
  'user.role',
  'user.access',
  'user.balance',
  'user.referral-code',
  'user.delete',
  'user.login-as',
  /** An admin tried to sign in as someone they may not (another admin) and was refused. */
  'user.login-as-refused',
  /** An admin set who referred a customer, signed in as them (the actor is the admin, actingAsId the customer). */
  'user.referrer-set',
  'user.reset-link',
  'user.services.prices',
  'user.services.toggle',
  'user.services.name',
  /** A user's pricing mode and markup for one service (decision 085). */
  'user.services.pricing',
  /** A user's weight tiers for one country group of one service (decision 116). */
  'user.services.group-prices',
  'default-services.prices',
  'default-services.toggle',
  'default-services.name',
  'default-services.pricing',
  'default-services.group-prices',
  'default-services.sync',
  /** The referral bonus: its amount, who gets it and the first top-up it needs (decision 087). */
  'referral-bonus.set',
  /** An admin voided a customer's label, or labels of their batch. */
  'label.void',
  'batch.void',
  /** A user created or revoked one of their API keys (the actor is the user, or the admin signed in as them: actingAsId). */
  'api-key.create',
  'api-key.revoke',
  /** Creating a key was refused: the password or code given to confirm it was wrong (decision 072). */
  'api-key.create-refused',
  /** A user turned their own two-factor sign-in on or off (the actor is the user). */
  'user.2fa-enabled',
  'user.2fa-disabled',
  /** A user replaced their recovery codes (the actor is the user). */
  'user.2fa-recovery-codes',
  /** An admin turned a user's two-factor sign-in off (a lost phone and lost recovery codes). */
  'user.2fa-reset',
  /** Too many wrong two-factor codes for the account: codes are refused until the window ends (the actor is the account). */
  'user.2fa-locked',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditTargetTypeSchema = z.enum(['user', 'default-service', 'default-services', 'order', 'bulk-order', 'api-key', 'referral-bonus']);

/** A snapshot of what the action changed, as JSON (at most a few kilobytes: a user, or a list of services). */
const snapshotSchema = z.json().nullable();

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  action: auditActionSchema,
  targetType: auditTargetTypeSchema,
  targetId: z.string().nullable(),
  before: snapshotSchema,
  after: snapshotSchema,
  createdAt: z.string(),
  /** For a user target: their name and e-mail when the action was taken, kept even once the user is deleted. */
  targetName: z.string().nullable(),
  targetEmail: z.string().nullable(),
  /**
   * Made in a login-as session (decision 069): the customer the admin (`actorId`) was signed in as, read "admin A as
   * customer C"; null otherwise. Absent from a previous release's answers, hence the default.
   */
  actingAsId: z.string().nullable().default(null),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z
  .object({
    actorId: idSchema.optional(),
    targetId: z.string().trim().min(1).max(100).optional(),
    action: auditActionSchema.optional(),
    from: z.iso.date({ error: 'Dates are YYYY-MM-DD' }).optional(),
    to: z.iso.date({ error: 'Dates are YYYY-MM-DD' }).optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'The start date must not be after the end date', path: ['from'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const AuthAuditRpc = {
  /**
   * The actor is the verified caller (an admin), never a field of the request; in a login-as session, the admin behind
   * it, acting as the customer (decision 069).
   */
  record: defineRpc(
    'auth.audit.record.v1',
    z.object({ action: auditActionSchema, targetType: auditTargetTypeSchema, targetId: z.string().max(100).nullable(), before: snapshotSchema, after: snapshotSchema }),
    z.object({ id: z.string() }),
    { who: 'signed-in' },
  ),
  list: defineRpc('auth.audit.list.v1', auditQuerySchema, z.object({ items: z.array(auditEntrySchema), total: z.number().int() }), { who: 'admin' }),
} as const;

/**
 * GET /api/admin/audit: entries with the name of who did it, and of the customer they acted as in a login-as session
 * (the target's name and e-mail are kept in the entry).
 */
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema.extend({ actorName: z.string().nullable(), actingAsName: z.string().nullable() })),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
