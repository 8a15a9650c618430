import type { UspsAddress, UspsLabelRequest, UspsMailClass, UspsParcel, UspsSenderAddress } from './usps.schema';

/**
 * A return label through Labels 3.9.13's `POST /labels/v3/return-label` (decision 118), made from the outbound label
 * request of the same shipment: the return shipment already runs from the buyer (`fromAddress`, "where the return
 * package is being shipped from") to the seller (`toAddress`), so only the mail class and the parts a return does not
 * take change. A return has no mailing date: the buyer posts it whenever.
 */

/** The return service of each class we sell (the spec's `BaseReturnsPackageDescription.mailClass`). */
export type UspsReturnMailClass = 'PRIORITY_MAIL_RETURN_SERVICE' | 'PRIORITY_MAIL_EXPRESS_RETURN_SERVICE' | 'USPS_GROUND_ADVANTAGE_RETURN_SERVICE';

const RETURN_CLASSES: Readonly<Record<UspsMailClass, UspsReturnMailClass>> = {
  PRIORITY_MAIL: 'PRIORITY_MAIL_RETURN_SERVICE',
  PRIORITY_MAIL_EXPRESS: 'PRIORITY_MAIL_EXPRESS_RETURN_SERVICE',
  USPS_GROUND_ADVANTAGE: 'USPS_GROUND_ADVANTAGE_RETURN_SERVICE',
};

/** `ReturnLabelRequest` with `ReturnsPackageDescription` (single-piece rate indicator), as we fill it. */
export interface UspsReturnLabelRequest {
  imageInfo: { imageType: 'PDF' | 'ZPL203DPI'; labelType: '4X6LABEL'; receiptOption: 'NONE' };
  toAddress: UspsAddress;
  fromAddress: UspsAddress;
  senderAddress?: UspsSenderAddress;
  /** The outbound parcel without a mailing date or entry facility, which a return has not. */
  packageDescription: Omit<UspsParcel, 'mailingDate' | 'destinationEntryFacilityType'> & {
    mailClass: UspsReturnMailClass;
    customerReference?: Array<{ referenceNumber: string; printReferenceNumber: boolean }>;
    shipperVisibilityMethod?: 'SENDER_INFORMATION';
  };
}

/** The outbound request of the return shipment → its `ReturnLabelRequest`. */
export const toReturnLabelRequest = (label: UspsLabelRequest): UspsReturnLabelRequest => {
  const { mailClass, mailingDate: _mailingDate, destinationEntryFacilityType: _entry, ...parcel } = label.packageDescription;
  const { imageType, labelType, receiptOption } = label.imageInfo;
  return {
    imageInfo: { imageType, labelType, receiptOption },
    toAddress: label.toAddress,
    fromAddress: label.fromAddress,
    ...(label.senderAddress ? { senderAddress: label.senderAddress } : {}),
    packageDescription: { ...parcel, mailClass: RETURN_CLASSES[mailClass] },
  };
};
