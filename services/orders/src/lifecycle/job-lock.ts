import { Client } from 'pg';

/**
 * Runs `work` only if no other process holds the named PostgreSQL advisory lock, on a connection of its own held for
 * the run (a crashed replica's lock ends with its connection). Answers null when another replica is running it.
 */
export const underJobLock = async <T>(databaseUrl: string, name: string, work: () => Promise<T>): Promise<T | null> => {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [name]);
    if (!rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
};
