import type { MikroORM } from '@mikro-orm/core';

/** A name qualified with a schema and quoted: `"orders"."files"`. */
export const qualifiedName = (schema: string, name: string): string => `"${schema}"."${name}"`;

/**
 * A table of the service's own schema, for raw SQL: MikroORM applies the schema only to its entity queries, so a
 * name written in SQL would otherwise land in `public`. Every service's ORM has its schema (`initOrm`); one without
 * is a wiring mistake, refused instead of guessed.
 */
export const schemaTable = (orm: Pick<MikroORM, 'config'>, name: string): string => {
  const schema = orm.config.get('schema');
  if (!schema) throw new Error(`No schema is configured for table "${name}": the ORM was built without initOrm's schema`);
  return qualifiedName(schema, name);
};
