import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs `sql` with its `?` values sent as bound parameters, inside `em`'s transaction when it is in one. MikroORM's
 * `execute` writes every value into the SQL text instead, so a Buffer travels as a hex literal twice its size that
 * PostgreSQL parses back: a 10,000-label PDF's 29 parts of 512 kB took 1.1 s to store that way, most of the time the
 * embedded database spent building the batch's files (docs/benchmarks.md, issue 25). Bound, a Buffer goes as binary.
 */
export const executeBound = async (em: EntityManager, sql: string, params: readonly unknown[]): Promise<void> => {
  const query = em.getConnection().getKnex().raw(sql, params as never);
  const transaction = em.getTransactionContext();
  if (transaction) query.transacting(transaction);
  await query;
};
