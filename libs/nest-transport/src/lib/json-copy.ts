/**
 * What `JSON.parse(JSON.stringify(value))` gives, made without the text in between: Dates (anything with `toJSON`)
 * become what `toJSON` answers, `undefined`, functions and symbols vanish from objects and become `null` in arrays,
 * non-finite numbers become `null`, only own enumerable string keys are kept, and nothing is shared with the input.
 * The in-process bus copies every message and answer this way: no text is built and parsed per message, and no
 * string is left behind for the collector. Cycles and BigInts throw, as in JSON.
 */
export const jsonCopy = <T>(value: T): T => {
  if (value === undefined) return value;
  return copyValue(value, '', 0) as T;
};

/**
 * JSON.stringify's own limit is the stack; a fixed one makes a cycle throw a TypeError every time (the gateway refuses
 * bodies nested past MAX_JSON_DEPTH, 64, long before this).
 */
const MAX_DEPTH = 1_000;

/** The copy of `value`, or `undefined` where JSON would leave the key out. */
const copyValue = (value: unknown, key: string, depth: number): unknown => {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // -0 is written as 0; NaN and the infinities as null.
      return Number.isFinite(value) ? (value === 0 ? 0 : value) : null;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    default:
      break;
  }
  if (value === null) return null;
  if (depth >= MAX_DEPTH) throw new TypeError('Converting circular structure to JSON (or nested too deeply)');
  // Boxed primitives are written as what they hold.
  if (value instanceof Number || value instanceof String || value instanceof Boolean) return copyValue(value.valueOf(), key, depth);
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = copyValue(value[i], String(i), depth + 1);
      copy[i] = item === undefined ? null : item;
    }
    return copy;
  }
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const name of Object.keys(source)) {
    const item = copyValue(source[name], name, depth + 1);
    if (item !== undefined) copy[name] = item;
  }
  return copy;
};
