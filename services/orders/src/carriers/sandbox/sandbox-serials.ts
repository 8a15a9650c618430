import { queryBound, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { hostname } from 'node:os';
import { Coalescer } from '../../database';

/**
 * Serials come from a database sequence, one per idempotency key for ever: like a real carrier, the sandbox answers
 * the same label to the same key after a restart and on another replica. `sandbox_labels` is the sandbox's own
 * record of the labels it issued (and which process asked), so tests can count labels created.
 */
export const serialForKey = (orm: MikroORM) => {
  const requestedBy = `${hostname()}:${process.pid}`;
  // One statement for the labels issued in the same turn (Coalescer); a key twice in a group is asked once, as
  // "on conflict do update" may not touch a row twice in one statement.
  const serials = new Coalescer<string, number>(async (keys) => {
    const distinct = [...new Set(keys)];
    // Its commit waits for the disk (not decision 061's way): the sequence logs its advance ahead and only this commit
    // flushes that record, so a database restart under a running process could hand a serial out twice.
    const rows = await queryBound<{ idempotency_key: string; serial: string }>(
      orm.em.fork(),
      `insert into ${schemaTable(orm, 'sandbox_labels')} ("idempotency_key", "serial", "requested_by")
       values ${distinct.map(() => `(?, nextval('${schemaTable(orm, 'label_serial_seq')}'), ?)`).join(', ')}
       on conflict ("idempotency_key") do update set "idempotency_key" = excluded."idempotency_key" returning "idempotency_key", "serial"`,
      distinct.flatMap((key) => [key, requestedBy]),
    );
    const byKey = new Map(rows.map((row) => [row.idempotency_key, Number(row.serial)]));
    return keys.map((key) => {
      const serial = byKey.get(key);
      if (serial === undefined) throw new Error(`no serial was issued for ${key}`);
      return serial;
    });
  });
  return (idempotencyKey: string): Promise<number> => serials.run(idempotencyKey);
};

export const issuedSerial = (orm: MikroORM) => async (idempotencyKey: string): Promise<number | null> => {
  const [row] = await orm.em.fork().execute<Array<{ serial: string }>>(`select "serial" from ${schemaTable(orm, 'sandbox_labels')} where "idempotency_key" = ?`, [idempotencyKey]);
  return row ? Number(row.serial) : null;
};
