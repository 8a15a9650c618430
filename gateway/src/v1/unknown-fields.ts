import type { z } from 'zod';

/** What zod 4 keeps of a schema's definition: the parts this walk reads. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const join = (path: string, key: string | number): string => (path === '' ? String(key) : `${path}.${key}`);

/** Wrappers whose value is the inner schema's: optional, nullable, a default, readonly… */
const INNER = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch', 'success']);

/**
 * The fields of `value` its schema does not name, as dotted paths (`sender.sender_nmae`, `items.2.colour`): zod drops
 * them silently, so an integrator's misspelt field would vanish and the request succeed without it. Walked along the
 * schema, not read from zod's output, so a field a transform removes is still known. An object that takes any key
 * (a record, a catchall, `loose`) has none unknown; a union's value is checked against the option it fits best.
 */
export const unknownFields = (schema: z.ZodType, value: unknown, path = ''): string[] => {
  const def = defOf(schema);
  if (INNER.has(def.type) && def.innerType) return unknownFields(def.innerType, value, path);
  switch (def.type) {
    case 'object': {
      if (!isRecord(value)) return [];
      const shape = def.shape ?? {};
      const takesAny = def.catchall !== undefined && defOf(def.catchall).type !== 'never';
      return Object.entries(value).flatMap(([key, inner]) => {
        const field = shape[key];
        if (field) return unknownFields(field, inner, join(path, key));
        return takesAny ? [] : [join(path, key)];
      });
    }
    case 'pipe': {
      // z.preprocess is a pipe from a transform: the value is the output schema's to read.
      const from = def.in && defOf(def.in).type !== 'transform' ? def.in : def.out;
      return from ? unknownFields(from, value, path) : [];
    }
    case 'array':
      return Array.isArray(value) && def.element ? value.flatMap((item, i) => unknownFields(def.element as z.ZodType, item, join(path, i))) : [];
    case 'record':
      return isRecord(value) && def.valueType ? Object.entries(value).flatMap(([key, inner]) => unknownFields(def.valueType as z.ZodType, inner, join(path, key))) : [];
    case 'union': {
      const options = def.options ?? [];
      const unknownPerOption = options.map((option) => ({ fits: option.safeParse(value).success, unknown: unknownFields(option, value, path) }));
      const fitting = unknownPerOption.filter((option) => option.fits);
      const candidates = fitting.length > 0 ? fitting : unknownPerOption;
      return candidates.reduce<string[] | null>((best, option) => (best === null || option.unknown.length < best.length ? option.unknown : best), null) ?? [];
    }
    case 'intersection': {
      // A field is unknown when neither side knows it: one side may name it (or a field around it) unknown while the
      // other goes inside it and names the unknown field within.
      const left = def.left ? unknownFields(def.left, value, path) : [];
      const right = def.right ? unknownFields(def.right, value, path) : [];
      const covers = (paths: string[], field: string) => paths.some((other) => field === other || field.startsWith(`${other}.`));
      return [...new Set([...left.filter((field) => covers(right, field)), ...right.filter((field) => covers(left, field))])];
    }
    case 'lazy':
      return def.getter ? unknownFields(def.getter(), value, path) : [];
    default:
      return [];
  }
};
