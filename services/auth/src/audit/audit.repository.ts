import { Inject, Injectable } from '@nestjs/common';
import { authMethodOf, DomainError, ErrorCode, type AuditAction, type AuditEntry, type AuditQuery, type Caller } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

interface Row {
  id: string;
  actor_id: string;
  action: AuditAction;
  target_type: AuditEntry['targetType'];
  target_id: string | null;
  before: AuditEntry['before'];
  after: AuditEntry['after'];
  target_name: string | null;
  target_email: string | null;
  acting_as_id: string | null;
  created_at: Date;
  total: string;
}

export interface NewAuditEntry {
  actorId: string;
  /** In a login-as session: the customer the admin (the actor) was signed in as. */
  actingAsId?: string | null;
  action: AuditAction;
  targetType: AuditEntry['targetType'];
  targetId: string | null;
  before: AuditEntry['before'];
  after: AuditEntry['after'];
}

/**
 * Who an entry names for a caller (decision 069): the caller, or in a login-as session the admin behind it, acting as
 * the customer. A login-as caller that names no admin is refused rather than recorded as the customer's own doing.
 */
export const auditActor = (caller: Caller): Pick<NewAuditEntry, 'actorId' | 'actingAsId'> => {
  if (authMethodOf(caller) !== 'login_as') return { actorId: caller.userId, actingAsId: null };
  if (!caller.impersonatorId) throw new DomainError(ErrorCode.FORBIDDEN, 'A login-as session must name its admin');
  return { actorId: caller.impersonatorId, actingAsId: caller.userId };
};

/** The audit log is append-only: there is no update or delete here, and none over the transport. */
@Injectable()
export class AuditRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  /**
   * A user target's name and e-mail are read from their row in the same statement (a delete keeps the row), or else
   * from the snapshot before the action: the entry says whom it was about however the user changes later.
   */
  async append(entry: NewAuditEntry): Promise<string> {
    const id = randomUUID();
    const userTarget = entry.targetType === 'user' && entry.targetId !== null;
    await this.orm.em.fork().execute(
      `insert into ${this.t('audit_log')} ("id", "actor_id", "acting_as_id", "action", "target_type", "target_id", "before", "after", "target_name", "target_email")
       select ?::uuid, ?::uuid, ?::uuid, ?::text, ?::text, ?::text, b.v, ?::jsonb,
              case when ?::boolean then coalesce(u."name", b.v->>'name') end, case when ?::boolean then coalesce(u."email", b.v->>'email') end
         from (select ?::jsonb as v) b left join ${this.t('users')} u on ?::boolean and u."id"::text = ?::text`,
      [
        id,
        entry.actorId,
        entry.actingAsId ?? null,
        entry.action,
        entry.targetType,
        entry.targetId,
        JSON.stringify(entry.after),
        userTarget,
        userTarget,
        JSON.stringify(entry.before),
        userTarget,
        entry.targetId,
      ],
    );
    return id;
  }

  async page(query: AuditQuery): Promise<{ items: AuditEntry[]; total: number }> {
    const where = ['true'];
    const params: unknown[] = [];
    const add = (condition: string, value: unknown) => {
      where.push(condition);
      params.push(value);
    };
    if (query.actorId) add('"actor_id" = ?', query.actorId);
    if (query.targetId) add('"target_id" = ?', query.targetId);
    if (query.action) add('"action" = ?', query.action);
    if (query.from) add(`"created_at" >= (?::date at time zone 'utc')`, query.from);
    if (query.to) add(`"created_at" < ((?::date + 1) at time zone 'utc')`, query.to);
    const rows = await this.orm.em.fork().execute<Row[]>(
      `select *, count(*) over () as total from ${this.t('audit_log')} where ${where.join(' and ')}
       order by "created_at" desc, "id" limit ? offset ?`,
      [...params, query.limit, (query.page - 1) * query.limit],
    );
    const total = rows[0] ? Number(rows[0].total) : query.page > 1 ? (await this.page({ ...query, page: 1, limit: 1 })).total : 0;
    return { total, items: rows.map(toEntry) };
  }
}

const toEntry = (row: Row): AuditEntry => ({
  id: row.id,
  actorId: row.actor_id,
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  before: row.before,
  after: row.after,
  createdAt: new Date(row.created_at).toISOString(),
  targetName: row.target_name,
  targetEmail: row.target_email,
  actingAsId: row.acting_as_id,
});
