import { qualifiedName, schemaTable } from './schema-table';

const ormWithSchema = (schema: string | undefined) => ({ config: { get: (key: string) => (key === 'schema' ? schema : undefined) } }) as unknown as Parameters<typeof schemaTable>[0];

describe('schemaTable', () => {
  it("qualifies a table with the service's schema, both names quoted", () => {
    expect(schemaTable(ormWithSchema('orders'), 'file_parts')).toBe('"orders"."file_parts"');
    expect(qualifiedName('auth', 'users')).toBe('"auth"."users"');
  });

  it('refuses an ORM without a schema rather than writing to public', () => {
    expect(() => schemaTable(ormWithSchema(undefined), 'files')).toThrow('No schema is configured for table "files"');
  });
});
