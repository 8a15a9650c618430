import { centralDate } from './central-time';
import { labelRuleErrors } from './label-rules';
import { type FakeLabelMetadata, sellLabel, type SoldLabel } from './label-sale';
import type { FakeLabelRequest } from './usps-requests';
import type { UspsErrorItem } from './usps-errors';

/**
 * Labels 3.9.13's `POST /labels/v3/return-label` (decision 118): a return label from the buyer (`fromAddress`) back
 * to the business (`toAddress`), in one of the return services the spec lists. USPS prices it as the outbound class it
 * returns by (its Domestic Prices list the return services beside them), so the fake charges it by the same model.
 */

/** The return services the fake sells, each priced, numbered and printed as the class it returns by. */
export const RETURN_CLASSES: Readonly<Record<string, string>> = {
  PRIORITY_MAIL_RETURN_SERVICE: 'PRIORITY_MAIL',
  PRIORITY_MAIL_EXPRESS_RETURN_SERVICE: 'PRIORITY_MAIL_EXPRESS',
  USPS_GROUND_ADVANTAGE_RETURN_SERVICE: 'USPS_GROUND_ADVANTAGE',
  // Deprecated names the spec says convert to Ground Advantage returns.
  'FIRST-CLASS_PACKAGE_RETURN_SERVICE': 'USPS_GROUND_ADVANTAGE',
  GROUND_RETURN_SERVICE: 'USPS_GROUND_ADVANTAGE',
};

/**
 * A return request as the outbound label it is priced, printed and kept as: it has no mailing date (the label is used
 * whenever the buyer posts it), so today's, and no entry facility.
 */
export const returnAsOutbound = (request: FakeLabelRequest, now: Date): FakeLabelRequest => ({
  ...request,
  packageDescription: {
    ...request.packageDescription,
    mailClass: RETURN_CLASSES[request.packageDescription.mailClass] ?? request.packageDescription.mailClass,
    // A return names no entry facility: it is posted like any single piece.
    destinationEntryFacilityType: request.packageDescription.destinationEntryFacilityType ?? 'NONE',
    mailingDate: centralDate(now),
  },
});

/** The rules the outbound labels keep, on the return's addresses and parcel. */
export const returnRuleErrors = (request: FakeLabelRequest, now: Date): UspsErrorItem[] => labelRuleErrors(returnAsOutbound(request, now), now);

/** `ReturnLabelMetadata`: the outbound label's metadata less what a return label does not carry (commitment, construct code). */
export type FakeReturnLabelMetadata = Omit<FakeLabelMetadata, 'commitment' | 'constructCode'>;

export interface SoldReturnLabel extends Omit<SoldLabel, 'metadata'> {
  metadata: FakeReturnLabelMetadata;
}

/** Sells one return label: numbered, priced and drawn as its class's outbound label, with the return's metadata. */
export const sellReturnLabel = async (request: FakeLabelRequest, mailerId: string, serial: number, now: Date): Promise<SoldReturnLabel> => {
  const sold = await sellLabel(returnAsOutbound(request, now), mailerId, serial);
  const { commitment: _commitment, constructCode: _constructCode, ...metadata } = sold.metadata;
  return { ...sold, metadata: { ...metadata, bannerText: `${metadata.bannerText.replace(/ TEST$/, '')} RETURN TEST` } };
};
