import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, formatUsd, type Caller, type Claim, type FileClaimBody } from '@labeldesk/contracts';
import { randomUUID } from 'node:crypto';
import { foundInScope, ownerScopeOf } from '@labeldesk/nest-transport';
import { UNUSED_TRACKING_STATUSES } from '../carriers';
import { keyModeOf } from '../common';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { LabelExtrasRepository } from '../insurance';
import { LabelVoidsRepository, ShownTracking } from '../lifecycle';
import { ClaimInsurers } from './claim-insurers';
import { claimOnWire, ClaimsRepository } from './claims.repository';
import { SandboxInsurer } from './sandbox-insurer';

const refuse = (message: string, path?: string): DomainError => new DomainError(ErrorCode.VALIDATION_FAILED, message, path ? [{ path, message }] : undefined);

/**
 * Files a claim on an insured label, single or a batch's (owner or admin). Every rule is checked before the insurer is asked, and a
 * refusal writes nothing: the label must be insured, not voided, handed to the carrier (a label never scanned is voided
 * for a refund instead), and the amount at most the insured value; one live claim per label.
 */
@Injectable()
export class FileClaimUseCase {
  constructor(
    private readonly claims: ClaimsRepository,
    private readonly voids: LabelVoidsRepository,
    private readonly extras: LabelExtrasRepository,
    private readonly tracking: ShownTracking,
    private readonly insurers: ClaimInsurers,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'SANDBOX_CLAIM_DECIDE_SECONDS'>,
  ) {}

  async execute(caller: Caller, orderId: string, body: FileClaimBody): Promise<Claim> {
    const scope = ownerScopeOf(caller);
    // A single order's label, or a batch label's by its item id (decision 122).
    const label = foundInScope(await this.voids.insurableLabel(orderId, scope), scope, 'Order not found');
    // A key claims only on a label of its mode, another mode's is not found (decision 124); a test label's claim is the
    // sandbox insurer's, decided as the simulation decides and paid on the test balance (ClaimPayout).
    const mode = await this.claims.modeOfLabel(orderId);
    const bound = keyModeOf(caller);
    if (bound !== undefined && bound !== mode) throw new DomainError(ErrorCode.NOT_FOUND, 'Order not found');
    const insuredValueCents = (await this.extras.ofOrder(orderId))?.declaredValueCents ?? null;
    if (insuredValueCents === null) throw refuse('This label was bought without insurance: only an insured label can be claimed');
    if (label.voidState !== null && label.voidState !== 'refund_rejected') throw refuse('This label was voided: a voided label carries no insurance');
    if (body.amount_cents > insuredValueCents) {
      throw refuse(`A claim can ask at most the insured value, ${formatUsd(insuredValueCents)}`, 'amount_cents');
    }
    const insurer = mode === 'test' ? this.insurers.simulated : this.insurers.of(label.carrier);
    if (!insurer) throw refuse('The carrier that sold this label takes no insurance claims here');
    if (await this.claims.liveClaimOf(orderId)) throw new DomainError(ErrorCode.CONFLICT, 'This label already has a claim: see Claims for where it stands');
    const { status } = await this.tracking.of(label);
    if (UNUSED_TRACKING_STATUSES.has(status)) {
      throw refuse('The carrier has no scan of this parcel: a label never handed over is voided for a refund, not claimed');
    }
    const claimId = randomUUID();
    const filing = await insurer.file({
      claimId,
      trackingNumber: label.trackingNumber,
      carrierRefs: label.carrierRefs,
      type: body.type,
      amountCents: body.amount_cents,
      insuredValueCents,
      description: body.description,
    });
    if (filing.kind === 'refused') throw refuse(`The insurer refused the claim: ${filing.message}`);
    if (filing.kind === 'unknown') throw new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'The insurer did not answer, so nothing was filed: try again in a few minutes');
    const claim = await this.claims.insert({
      id: claimId,
      orderId,
      userId: label.userId,
      carrier: label.carrier,
      trackingNumber: label.trackingNumber,
      type: body.type,
      amountCents: body.amount_cents,
      insuredValueCents,
      description: body.description,
      // The simulated insurer decides after its delay; a carrier's claims desk is asked from the decider's next round.
      decideAfter: new Date(Date.now() + (insurer instanceof SandboxInsurer ? this.env.SANDBOX_CLAIM_DECIDE_SECONDS * 1000 : 0)),
      carrierClaimId: filing.carrierClaimId,
    });
    if (!claim) throw new DomainError(ErrorCode.CONFLICT, 'This label already has a claim: see Claims for where it stands');
    return claimOnWire(claim);
  }
}
