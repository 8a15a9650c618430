import { Inject, Injectable, Logger } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { parseTrackerUpdated, verifyEasyPostPush } from '../carriers';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { LabelTrackingRepository } from './label-tracking.repository';
import { TrackingRefresh } from './tracking-refresh';

/**
 * A carrier's pushes: EasyPost's `tracker.updated` events (EasyPost's "webhooks"; ours are the customers' outgoing
 * ones, `webhooks/`). Only a body signed with our secret is read (X-Hmac-Signature over the exact bytes, compared in
 * constant time); an event id seen before changes nothing, and a report older than the stored one does not replace
 * it, so a forged or replayed push moves nothing.
 */
@Injectable()
export class CarrierPushUseCase {
  private readonly logger = new Logger(CarrierPushUseCase.name);

  constructor(
    @Inject(ORM) private readonly orm: MikroORM,
    private readonly labels: LabelTrackingRepository,
    private readonly refresh: TrackingRefresh,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'EASYPOST_WEBHOOK_SECRET'>,
  ) {}

  /** False when the signature is missing or wrong (the gateway answers 401); true for any signed event, even one ignored. */
  async receive(body: string, signature: string | null): Promise<boolean> {
    const secret = this.env.EASYPOST_WEBHOOK_SECRET;
    if (!secret || !verifyEasyPostPush(body, signature, secret)) return false;
    const event = parseTrackerUpdated(body);
    if (!event) return true;
    if (!(await this.firstDelivery(event.eventId))) return true;
    for (const label of await this.labels.labelsByTrackingNumber(event.trackingCode)) {
      if (label.carrier !== 'easypost') continue;
      await this.refresh.record({ ...label, trackingNumber: event.trackingCode }, event.report);
    }
    this.logger.log(`EasyPost tracker ${event.trackingCode}: ${event.report.status}`);
    return true;
  }

  /** Records the event id; false when it was seen before (EasyPost delivers at least once). */
  private async firstDelivery(eventId: string): Promise<boolean> {
    const rows = await this.orm.em.getConnection().execute<Array<{ event_id: string }>>(
      `insert into ${schemaTable(this.orm, 'webhook_events')} ("source", "event_id") values ('easypost', ?) on conflict do nothing returning "event_id"`,
      [eventId],
    );
    return rows.length > 0;
  }
}
