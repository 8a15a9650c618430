import { jsonCopy } from './json-copy';

const throughText = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

class Money {
  constructor(
    public cents: number,
    private readonly hidden = 'kept too',
  ) {}
  get label(): string {
    return `${this.cents} cents`;
  }
  describe(): string {
    return this.hidden;
  }
}

/** Values a message or an answer may carry, plus the odd ones JSON treats specially. */
const CASES: Record<string, unknown> = {
  'a quote request': { userId: 'u-1', shipments: [{ service_name: 'USPS Priority Mail', package: { package_weight: 2.5 } }] },
  'an order list': { orders: [{ _id: 'o-1', createdAt: new Date('2026-11-24T03:00:00.123Z'), tracking_number: null, price: 850 }] },
  'dates anywhere': [new Date(0), { at: new Date('2026-01-01T00:00:00Z') }, new Date(Number.NaN)],
  'undefined, functions and symbols in objects': { a: undefined, b: () => 1, c: Symbol('s'), d: 1, [Symbol('key')]: 2 },
  'undefined, functions and symbols in arrays': [undefined, () => 1, Symbol('s'), 3],
  'holes in an array': [1, , 3],
  'numbers JSON cannot write': { nan: Number.NaN, inf: Number.POSITIVE_INFINITY, ninf: Number.NEGATIVE_INFINITY, negativeZero: -0 },
  'a toJSON answering undefined or another object': { gone: { toJSON: () => undefined }, swapped: { toJSON: () => ({ kept: new Date(5) }) } },
  'a toJSON given its key': { field: { toJSON: (key: string) => `was under ${key}` }, list: [{ toJSON: (key: string) => `at ${key}` }] },
  'a class instance with a getter and a method': new Money(850),
  'maps, sets and a buffer': { map: new Map([['a', 1]]), set: new Set([1]), buffer: Buffer.from('hi') },
  'boxed primitives': [Object(1), Object('text'), Object(false)],
  'strings with lone surrogates and nulls': ['\ud800 alone', 'a\u0000b', '😀'],
  'integer-like keys, in their JSON order': { b: 1, 2: 'two', a: 3, 1: 'one' },
  'an inherited enumerable key': Object.assign(Object.create({ inherited: true }) as object, { own: 1 }),
  'plain values': 'text',
  'null': null,
  'a top-level date': new Date(1_000),
  'a top-level undefined': undefined,
};

describe('jsonCopy', () => {
  it.each(Object.entries(CASES))('gives what a trip through JSON text gives: %s', (_name, value) => {
    expect(jsonCopy(value)).toStrictEqual(throughText(value));
  });

  it('shares nothing with what it copies', () => {
    const inner = { n: 1 };
    const original = { inner, list: [inner] };
    const copy = jsonCopy(original);
    copy.inner.n = 2;
    expect(original.inner.n).toBe(1);
    expect(copy.list[0]).not.toBe(inner);
  });

  it('writes negative zero as zero, as JSON text does', () => {
    expect(Object.is(jsonCopy({ z: -0 }).z, 0)).toBe(true);
  });

  it('throws on a cycle and on a BigInt, as JSON.stringify does', () => {
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(() => jsonCopy(cycle)).toThrow(TypeError);
    expect(() => jsonCopy({ big: BigInt(1) })).toThrow(TypeError);
  });
});
