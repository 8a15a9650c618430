import { saveCsvMappingBodySchema, csvHeaderSignatureSchema } from './csv-mapping.schema';

const messages = (body: unknown): string[] => {
  const result = saveCsvMappingBodySchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('saveCsvMappingBodySchema', () => {
  it('accepts single and joined file columns for template columns', () => {
    expect(messages({ mapping: { ToRecipientName: ['shipping_first_name', 'shipping_last_name'], ToZipPostal: ['Shipping Zip'] } })).toEqual([]);
    expect(messages({ mapping: {} })).toEqual([]);
  });

  it('refuses unknown columns, empty or over-long names and more than three joined columns, saying which limit', () => {
    expect(messages({ mapping: { Nope: ['x'] } }).join()).toMatch(/Nope|Unknown/);
    expect(messages({ mapping: { ToCity: [] } })).toEqual(['Map a column to at least one file column, or leave it out']);
    expect(messages({ mapping: { ToCity: ['  '] } })).toEqual(['A file column name cannot be empty']);
    expect(messages({ mapping: { ToCity: ['x'.repeat(201)] } })).toEqual(['A file column name has at most 200 characters']);
    expect(messages({ mapping: { ToCity: ['a', 'b', 'c', 'd'] } })).toEqual(['At most 3 file columns can be joined']);
  });

  it('takes a signature of exactly 16 lowercase hex digits', () => {
    expect(csvHeaderSignatureSchema.safeParse('5eef57e7f845ca65').success).toBe(true);
    expect(csvHeaderSignatureSchema.safeParse('5EEF57E7F845CA65').success).toBe(false);
    expect(csvHeaderSignatureSchema.safeParse('5eef57e7f845ca6').success).toBe(false);
    expect(csvHeaderSignatureSchema.safeParse('../../etc/passwd').success).toBe(false);
  });
});
