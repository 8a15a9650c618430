import { PGlite } from '@electric-sql/pglite';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * PGlite runs initdb (a WebAssembly program of its own) on a data folder that holds no cluster yet: most of the time a
 * new embedded database takes to start, tens of seconds on a busy machine. The cluster initdb makes is always the same
 * for one PGlite version, so a test makes it once per machine and version, and every new embedded database of a test
 * starts from a copy of it, which PGlite opens as an existing database ("found DB, resuming").
 */
export const pgliteVersion = (): string => {
  // The package's exports hide its package.json from require: read the file beside its entry point's folder (dist).
  const manifest = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
};

/** `make`'s answer, made once per process (at its first ask); a making that failed is tried again at the next. */
export const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
};

/**
 * A cluster's folder at `template`, made by `fill(pgDir)` unless one is there already. Made aside and renamed into
 * place: a folder at the template's path is always a whole cluster. Two test processes making it at once both make
 * one; the second rename finds the first one's in place and its own is thrown away.
 */
export const clusterAt = async (template: string, fill: (pgDir: string) => Promise<void>): Promise<string> => {
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  const aside = mkdtempSync(join(tmpdir(), 'labeldesk-pglite-cluster-making-'));
  const cluster = join(aside, 'pgdata');
  try {
    await fill(cluster);
    renameSync(cluster, template);
  } catch (error) {
    if (!existsSync(join(template, 'PG_VERSION'))) throw error;
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
  return template;
};

/** The folder of the empty cluster, made by PGlite's initdb the first time any test on this machine asks. */
export const pgliteTemplate = once(() =>
  clusterAt(join(tmpdir(), `labeldesk-pglite-cluster-${pgliteVersion()}`), async (pgDir) => {
    const db = await PGlite.create(pgDir);
    await db.close();
  }),
);

/** Copies the empty cluster to `pgDir` (which must not exist yet), where PGlite will open it as its data folder. */
export const copyPgliteTemplate = async (pgDir: string): Promise<void> => {
  copyCluster(await pgliteTemplate(), pgDir);
};

/** Copies a cluster's folder: cp copies a thousand small files many times faster than Node's cpSync (a file at a time). */
export const copyCluster = (from: string, to: string): void => {
  execFileSync('cp', ['-R', from, to]);
};
