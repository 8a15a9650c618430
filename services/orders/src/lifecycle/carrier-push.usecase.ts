import { Inject, Injectable, Logger } from '@nestjs/common';
import type { LabelCarrier } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { CARRIER_SETTINGS, carrierPluginOf, type CarrierPushEvent, type OrdersEnvWithCarriers } from '../carriers';
import { LabelTrackingRepository } from './label-tracking.repository';
import { TrackingRefresh } from './tracking-refresh';

/**
 * Carriers' pushes (their tracking events, which carriers call webhooks; ours are the customers' outgoing ones,
 * `webhooks/`). The carrier's plugin reads them: only a body signed with that carrier's secret is read (over the exact
 * bytes, compared in constant time); an event id seen before changes nothing, a report older than the stored one does
 * not replace it, and only that carrier's labels are touched, so a forged or replayed push moves nothing.
 */
@Injectable()
export class CarrierPushUseCase {
  private readonly logger = new Logger(CarrierPushUseCase.name);

  constructor(
    @Inject(ORM) private readonly orm: MikroORM,
    private readonly labels: LabelTrackingRepository,
    private readonly refresh: TrackingRefresh,
    @Inject(CARRIER_SETTINGS) private readonly settings: OrdersEnvWithCarriers,
  ) {}

  /**
   * False when the carrier takes no pushes or the signature is missing or wrong (the gateway answers 401); true for any
   * signed event, even one ignored.
   */
  async receive(carrier: LabelCarrier, body: string, headers: Readonly<Record<string, string>>): Promise<boolean> {
    const reader = carrierPluginOf(carrier).push;
    if (!reader || !reader.verify(body, headers[reader.signatureHeader] ?? null, this.settings)) return false;
    const event = reader.parse(body);
    if (!event) return true;
    if (!(await this.firstDelivery(carrier, event.eventId))) return true;
    await this.record(carrier, event);
    this.logger.log(`${carrier} tracking ${event.trackingNumber}: ${event.report.status}`);
    return true;
  }

  private async record(carrier: LabelCarrier, event: CarrierPushEvent): Promise<void> {
    for (const label of await this.labels.labelsByTrackingNumber(event.trackingNumber)) {
      if (label.carrier !== carrier) continue;
      await this.refresh.record({ ...label, trackingNumber: event.trackingNumber }, event.report);
    }
  }

  /** Records the event id under its carrier; false when it was seen before (carriers deliver at least once). */
  private async firstDelivery(carrier: LabelCarrier, eventId: string): Promise<boolean> {
    const rows = await this.orm.em.getConnection().execute<Array<{ event_id: string }>>(
      `insert into ${schemaTable(this.orm, 'webhook_events')} ("source", "event_id") values (?, ?) on conflict do nothing returning "event_id"`,
      [carrier, eventId],
    );
    return rows.length > 0;
  }
}
