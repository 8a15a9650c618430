import { Migration } from '@mikro-orm/migrations';
import { qualifiedName } from './schema-table';

/**
 * Raw SQL in a migration does not get the service's schema applied: every name must be qualified,
 * or the table lands in `public`. `this.table('users')` gives `"auth"."users"` for the auth service.
 */
export abstract class ServiceMigration extends Migration {
  protected table(name: string): string {
    return qualifiedName(this.schemaName(), name);
  }

  protected schemaName(): string {
    return this.config.get('schema') ?? 'public';
  }
}
