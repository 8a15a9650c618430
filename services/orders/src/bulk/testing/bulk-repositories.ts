import type { BulkClaimsRepository } from '../bulk-claims.repository';
import type { BulkFilesRepository } from '../bulk-files.repository';
import type { BulkOrdersRepository } from '../bulk-orders.repository';
import type { BulkRoundsRepository } from '../bulk-rounds.repository';

/** One fake standing in for each repository the bulk engine takes, in the order of its constructor. */
export const engineRepositories = (fake: object) =>
  [fake as BulkOrdersRepository, fake as BulkRoundsRepository, fake as BulkClaimsRepository, fake as BulkFilesRepository] as const;

/** One fake standing in for each repository the rebuild of a batch's files takes. */
export const regenerateRepositories = (fake: object) => [fake as BulkOrdersRepository, fake as BulkFilesRepository] as const;
