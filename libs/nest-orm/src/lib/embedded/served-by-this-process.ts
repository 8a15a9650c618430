/**
 * The databases this process serves itself: the embedded PGlite, on a data folder locked to this process, reachable
 * only through a private (0700) socket folder with a password made at start. Nothing outside the process can write to
 * one, so a service on it may keep what it reads in memory. A fact the database server records when it starts, never
 * a setting: no environment variable or option can mark a shared database as this process's own.
 */
const servedHere = new Set<string>();

export const markServedByThisProcess = (url: string): void => {
  servedHere.add(url);
};

export const unmarkServedByThisProcess = (url: string): void => {
  servedHere.delete(url);
};

/** True only for the URL of a database this very process started and still serves. */
export const isServedByThisProcess = (url: string): boolean => servedHere.has(url);
