import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs `sql` with its `?` values sent as bound parameters, inside `em`'s transaction when it is in one, and answers
 * its rows. MikroORM's `execute` writes every value into the SQL text instead, so a Buffer travels as a hex literal
 * twice its size that PostgreSQL parses back, and every string is escaped into the text and lexed again (decision
 * 064). Bound, a Buffer goes as binary and a string as itself. The SQL must hold no `?` but its values (no jsonb `?`
 * operators).
 */
export const queryBound = async <Row = Record<string, unknown>>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<Row[]> => {
  const query = em.getConnection().getKnex().raw(sql, params as never);
  const transaction = em.getTransactionContext();
  if (transaction) query.transacting(transaction);
  // Errors as `execute` throws them (UniqueConstraintViolationException, …), which callers test for.
  const result = (await query.catch((error: unknown) => {
    throw em.getDriver().convertException(error as Error);
  })) as { rows: Row[] };
  return result.rows;
};

/** queryBound for a statement whose rows are not wanted. */
export const executeBound = async (em: EntityManager, sql: string, params: readonly unknown[]): Promise<void> => {
  await queryBound(em, sql, params);
};
