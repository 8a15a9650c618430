// What a load counts as served beyond a 2xx status (scripts/bench-api/load-worker.mjs): a benchmark whose answers are
// empty measures nothing, so `expect` can ask for an exact status and a non-empty list in the answer.

/**
 * Why an answer is not what `expect` ({ status?, nonEmpty? }) asks for, or null when it is (or nothing is asked).
 * `nonEmpty` names a field of the JSON answer that must be an array with at least one element.
 */
export const unexpectedAnswer = (expect, status, body) => {
  if (!expect) return null;
  if (expect.status !== undefined && status !== expect.status) return `status ${status}, not ${expect.status}`;
  if (expect.nonEmpty === undefined) return null;
  let json;
  try {
    json = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    return 'not JSON';
  }
  const list = json?.[expect.nonEmpty];
  if (!Array.isArray(list)) return `no ${expect.nonEmpty} list`;
  return list.length === 0 ? `empty ${expect.nonEmpty}` : null;
};
