import type { RpcClient } from '@labeldesk/nest-transport';
import type { LabelPurchaser, ShipperContacts } from '../../carriers';
import type { OrdersEnv } from '../../config';
import type { LabelExtrasRepository } from '../../insurance';
import { BulkEngine } from '../bulk-engine';
import type { BulkFilesBuilder } from '../bulk-files.builder';
import type { BulkProgressPublisher } from '../bulk-progress.publisher';
import { engineRepositories } from './bulk-repositories';

/** The fakes a test gives the engine: one repository standing in for all four, and whichever collaborators it reaches. */
export interface EngineFakes {
  repository: object;
  rpc?: object;
  purchaser?: object;
  shippers?: object;
  progress?: object;
  env?: Partial<OrdersEnv>;
  extras?: object;
}

/**
 * A BulkEngine over fakes. A collaborator not given is an empty object, so a test that reaches it fails on the missing
 * method; progress is published nowhere, and claims are leased 60 s unless `env` says otherwise.
 */
export const engineOf = ({ repository, rpc = {}, purchaser = {}, shippers = {}, progress, env = {}, extras = {} }: EngineFakes): BulkEngine =>
  new BulkEngine(
    ...engineRepositories(repository),
    rpc as RpcClient,
    purchaser as LabelPurchaser,
    shippers as ShipperContacts,
    {} as BulkFilesBuilder,
    (progress ?? { publish: () => undefined, forget: () => undefined }) as BulkProgressPublisher,
    { BULK_CLAIM_LEASE_SECONDS: 60, ...env } as OrdersEnv,
    extras as LabelExtrasRepository,
  );
