/**
 * Structural shapes learned from sample JSON bodies, and the check of another body against them: the same keys, the
 * same JSON types, null only where a sample had null (or a documented field allows it). Objects carrying an `object`
 * name (`"Shipment"`, `"Rate"`, …) share one shape per name wherever they appear; other objects are shaped where they
 * sit. Values are not compared: only their kinds.
 */

export type JsonType = 'null' | 'string' | 'number' | 'boolean' | 'object' | 'array';

/** Where a value sits, built only when a violation names it (answers are checked often, and mostly conform). */
interface Path {
  parent: Path | null;
  step: string;
}

const named = (path: Path): string => (path.parent ? `${named(path.parent)}${path.step}` : path.step);
const at = (parent: Path, step: string): Path => ({ parent, step });

interface Shape {
  types: Set<JsonType>;
  /** The `object` names seen here (each checked against its own shape). */
  kinds: Set<string>;
  /** How many plain objects (no `object` name) were seen here: a key seen in all of them is required. */
  objects: number;
  keys: Map<string, { shape: Shape; seen: number }>;
  /** Any further keys allowed (a documented open map, such as a shipment's options). */
  open: boolean;
  /** Null while no sample list had an item. */
  items: Shape | null;
}

const emptyShape = (): Shape => ({ types: new Set(), kinds: new Set(), objects: 0, keys: new Map(), open: false, items: null });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const typeOf = (value: unknown): JsonType | 'undefined' => {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' ? type : 'object';
};

const kindOf = (value: unknown): string | null => (isRecord(value) && typeof value['object'] === 'string' ? value['object'] : null);

/** What a documented field allows beyond the samples: more types, or an open map. */
export interface ShapeAllowance {
  kind: string;
  /** Keys from the kind's object down to the field. */
  path: readonly string[];
  types?: readonly JsonType[];
  /** Objects of these `object` names allowed here too (each checked against its own recorded shape). */
  kinds?: readonly string[];
  open?: true;
}

export class ShapeBook {
  private readonly kinds = new Map<string, Shape>();
  /** Every top-level body seen. */
  private readonly bodies = emptyShape();

  learn(body: unknown): void {
    this.learnInto(this.bodies, body);
  }

  allow(allowance: ShapeAllowance): void {
    let shape = this.kinds.get(allowance.kind);
    for (const key of allowance.path) shape = shape?.keys.get(key)?.shape;
    if (!shape) throw new Error(`no recorded ${[allowance.kind, ...allowance.path].join('.')} to allow more of`);
    for (const type of allowance.types ?? []) shape.types.add(type);
    for (const kind of allowance.kinds ?? []) shape.kinds.add(kind);
    if (allowance.open) shape.open = true;
  }

  /** How `body` departs from the shapes learned, one line a difference; empty when it conforms. */
  violations(body: unknown): string[] {
    const found: string[] = [];
    this.check(this.bodies, body, { parent: null, step: kindOf(body) ?? (Array.isArray(body) ? 'list' : 'body') }, found);
    return found;
  }

  private kindShape(kind: string): Shape {
    let shape = this.kinds.get(kind);
    if (!shape) {
      shape = emptyShape();
      this.kinds.set(kind, shape);
    }
    return shape;
  }

  private learnInto(shape: Shape, value: unknown): void {
    const type = typeOf(value);
    if (type === 'undefined') return;
    shape.types.add(type);
    if (Array.isArray(value)) {
      for (const item of value) {
        shape.items ??= emptyShape();
        this.learnInto(shape.items, item);
      }
      return;
    }
    if (!isRecord(value)) return;
    const kind = kindOf(value);
    if (kind) shape.kinds.add(kind);
    this.learnObject(kind ? this.kindShape(kind) : shape, value);
  }

  private learnObject(shape: Shape, value: Record<string, unknown>): void {
    shape.types.add('object');
    shape.objects += 1;
    for (const [name, field] of Object.entries(value)) {
      const key = shape.keys.get(name) ?? { shape: emptyShape(), seen: 0 };
      key.seen += 1;
      shape.keys.set(name, key);
      this.learnInto(key.shape, field);
    }
  }

  private check(shape: Shape, value: unknown, path: Path, found: string[]): void {
    const type = typeOf(value);
    if (type === 'undefined' || !shape.types.has(type)) {
      found.push(`${named(path)}: ${type}, where the recordings have ${[...shape.types].join(' or ')}`);
      return;
    }
    if (Array.isArray(value)) {
      if (value.length > 0 && !shape.items) found.push(`${named(path)}: items, where the recordings have only empty lists`);
      value.forEach((item, index) => shape.items && this.check(shape.items, item, at(path, `[${index}]`), found));
      return;
    }
    if (!isRecord(value)) return;
    const kind = kindOf(value);
    const own = kind ? this.kinds.get(kind) : undefined;
    if (kind && own && shape.kinds.has(kind)) return this.checkObject(own, value, path, found);
    if (!kind && shape.objects > 0) return this.checkObject(shape, value, path, found);
    found.push(`${named(path)}: ${kind ? `a ${kind}` : 'a plain object'}, where the recordings have ${[...shape.kinds].join(' or ') || 'plain objects'}`);
  }

  private checkObject(shape: Shape, value: Record<string, unknown>, path: Path, found: string[]): void {
    for (const name in value) {
      const key = shape.keys.get(name);
      if (key) this.check(key.shape, value[name], at(path, `.${name}`), found);
      else if (!shape.open) found.push(`${named(path)}.${name}: not in the recordings`);
    }
    if (shape.open) return;
    for (const [name, key] of shape.keys) {
      if (key.seen === shape.objects && !(name in value)) found.push(`${named(path)}.${name}: missing, where every recording has it`);
    }
  }
}
