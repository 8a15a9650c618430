import { Injectable } from '@nestjs/common';
import { PeriodicTask } from '../common';
import { BulkStagingRepository } from './bulk-staging.repository';

/** A draft untouched this long is no longer being uploaded: a slice arrives within seconds of the one before. */
export const ABANDONED_UPLOAD_HOURS = 24;
const EVERY_MS = 3_600_000;

/**
 * Rows uploaded in slices wait in the database until their batch is submitted. A page closed mid-upload never
 * submits, so its rows are dropped once the draft has not been touched for a day. The delete is idempotent, so
 * replicas running it side by side need no lock.
 */
@Injectable()
export class AbandonedUploadSweeper extends PeriodicTask<number> {
  constructor(private readonly staging: BulkStagingRepository) {
    super();
  }

  protected get everyMs(): number {
    return EVERY_MS;
  }

  protected async round(): Promise<number> {
    const dropped = await this.staging.dropAbandonedUploads(ABANDONED_UPLOAD_HOURS);
    if (dropped > 0) this.logger.log(`${dropped} uploaded row(s) of abandoned bulk drafts dropped`);
    return dropped;
  }
}
