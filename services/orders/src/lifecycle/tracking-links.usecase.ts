import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, TRACKING_LINK_NOT_FOUND, type Caller, type PublicTracking, type TrackingLink, type TrackingLinkLabel } from '@labeldesk/contracts';
import { foundInScope, ownerScopeOf } from '@labeldesk/nest-transport';
import type { VoidState } from './label-state';
import { LabelVoidsRepository, type ChargedLabel } from './label-voids.repository';
import { publicTrackingOf } from './public-tracking.mapper';
import { ShownTracking } from './shown-tracking';
import { TrackingLinksRepository } from './tracking-links.repository';

const ORDER_NOT_FOUND = 'Order not found';

/** A label whose void is asked for or done will not travel (a rejected refund means it was used: it does). */
const WITHDRAWN: ReadonlySet<VoidState> = new Set(['void_requested', 'voided', 'refund_pending', 'refunded']);
const isWithdrawn = (state: VoidState | null): boolean => state !== null && WITHDRAWN.has(state);

/**
 * A seller's link for their buyer (decision 089): made on first share, the same link until the seller turns it off,
 * and the page it opens, which shows anyone holding it where the parcel is and nothing about the receiver or the money.
 */
@Injectable()
export class TrackingLinksUseCase {
  constructor(
    private readonly links: TrackingLinksRepository,
    private readonly labels: LabelVoidsRepository,
    private readonly shownTracking: ShownTracking,
  ) {}

  /** The label's live link, made now when it has none. A voided label travels nowhere: it gets none. */
  async issue(caller: Caller, target: TrackingLinkLabel): Promise<TrackingLink> {
    const label = await this.labelOf(caller, target);
    if (isWithdrawn(label.voidState)) throw new DomainError(ErrorCode.CONFLICT, 'This label was voided: there is no parcel for a buyer to follow.');
    const link = await this.links.issue(label);
    return { token: link.token, createdAt: link.createdAt.toISOString() };
  }

  async revoke(caller: Caller, target: TrackingLinkLabel): Promise<{ revoked: boolean }> {
    const label = await this.labelOf(caller, target);
    return { revoked: await this.links.revoke(label.kind, label.labelId) };
  }

  /** What the link's page shows; one not-found answer for a token unknown, turned off, or of a label since voided. */
  async publicTracking(token: string): Promise<PublicTracking> {
    const linked = await this.links.linkedLabel(token);
    const label = linked && (await this.labels.label(linked.kind, linked.labelId));
    if (!linked || !label || isWithdrawn(label.voidState)) throw new DomainError(ErrorCode.NOT_FOUND, TRACKING_LINK_NOT_FOUND);
    return publicTrackingOf(label, linked.sellerName, await this.shownTracking.of(label));
  }

  private async labelOf(caller: Caller, target: TrackingLinkLabel): Promise<ChargedLabel> {
    const scope = ownerScopeOf(caller);
    const found = target.kind === 'single' ? await this.labels.singleLabel(target.orderId, scope) : await this.labels.batchLabel(target.orderId, target.trackingNumber, scope);
    return foundInScope(found, scope, ORDER_NOT_FOUND);
  }
}
