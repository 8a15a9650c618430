/**
 * What one request met: the answer, or the error code of the connection that failed. fetch's errors come from Node's
 * realm, not a test's, so they are read by shape, not by class.
 */
export type RequestOutcome = Response | { errorCode: string | undefined };

/**
 * Asks until a request meets the state wanted (a fake gone down refuses connections; back up, it answers): true then,
 * false after `tries`. Until fetch has seen its kept-alive connections dropped it may send on one and meet a reset,
 * which is simply asked past; the wait is for a state, never for a number of milliseconds.
 */
export const askUntil = async (ask: () => Promise<Response>, wanted: (outcome: RequestOutcome) => boolean, tries = 50): Promise<boolean> => {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const outcome: RequestOutcome = await ask().catch((error: { cause?: { code?: string } }) => ({ errorCode: error.cause?.code }));
    if (wanted(outcome)) return true;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return false;
};

export const refused = (outcome: RequestOutcome): boolean => 'errorCode' in outcome && outcome.errorCode === 'ECONNREFUSED';
