import type { MikroORM } from '@mikro-orm/postgresql';
import { BulkClaimsRepository } from '../../src/bulk/bulk-claims.repository';
import { BulkFilesRepository } from '../../src/bulk/bulk-files.repository';
import { BulkOrdersRepository } from '../../src/bulk/bulk-orders.repository';
import { BulkRoundsRepository } from '../../src/bulk/bulk-rounds.repository';
import { BulkStagingRepository } from '../../src/bulk/bulk-staging.repository';

/** The bulk repositories of one replica, for tests that take a batch through several of them. */
export interface BulkRepositories {
  batches: BulkOrdersRepository;
  staging: BulkStagingRepository;
  rounds: BulkRoundsRepository;
  claims: BulkClaimsRepository;
  files: BulkFilesRepository;
}

export const bulkRepositories = (orm: MikroORM): BulkRepositories => ({
  batches: new BulkOrdersRepository(orm),
  staging: new BulkStagingRepository(orm),
  rounds: new BulkRoundsRepository(orm),
  claims: new BulkClaimsRepository(orm),
  files: new BulkFilesRepository(orm),
});
