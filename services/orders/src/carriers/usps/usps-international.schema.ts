import { z } from 'zod';
import type { UspsAddress, UspsAddressLines, UspsParcel, UspsSenderAddress } from './usps.schema';

/**
 * USPS International Labels 3.3.7 (developers.usps.com, vendored in karrioapi/karrio
 * `modules/connectors/usps_international/vendor/international-labels.yaml`, and in libs/testing/vendor/usps): the
 * request we send and the answer we read. Optional fields are left out, never sent as null.
 */

export type UspsInternationalMailClass = 'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE' | 'PRIORITY_MAIL_INTERNATIONAL' | 'PRIORITY_MAIL_EXPRESS_INTERNATIONAL';

export type UspsCustomsContentType = 'MERCHANDISE' | 'GIFT' | 'DOCUMENT' | 'COMMERCIAL_SAMPLE' | 'RETURNED_GOODS' | 'OTHER';

/** `InternationalLabelAddress`. */
export interface UspsInternationalAddress extends UspsAddressLines {
  postalCode?: string;
  province?: string;
  /** The country's name ("This is the country name used in an international address"). */
  country: string;
  countryISOAlpha2Code: string;
  phone?: string;
}

/** `InternationalShippingContents`: one line of the customs form, its value and weight for the whole line. */
export interface UspsShippingContents {
  itemDescription: string;
  itemQuantity: number;
  itemTotalValue: number;
  itemTotalWeight: number;
  weightUOM: 'lb';
  HSTariffNumber?: string;
  countryofOrigin: string;
}

/** `InternationalLabelRequest`. */
export interface UspsInternationalLabelRequest {
  imageInfo: { imageType: 'PDF' | 'ZPL203DPI'; labelType: '4X6LABEL' };
  toAddress: UspsInternationalAddress;
  fromAddress: UspsAddress;
  senderAddress?: UspsSenderAddress;
  packageDescription: UspsParcel & {
    mailClass: UspsInternationalMailClass;
    packageOptions: { nonDeliveryOption: 'RETURN' | 'ABANDON' };
    customerReference?: Array<{ referenceNumber: string }>;
  };
  customsForm: {
    customsContentType: UspsCustomsContentType;
    contentComments?: string;
    /** The ITN filed, or the exemption legend (`NOEEI 30.37(a)`). */
    AESITN: string;
    contents: UspsShippingContents[];
  };
}

const pricedItem = z.looseObject({ price: z.number().nonnegative().optional() });

/** `InternationalLabelVendorResponse` (the `labelMetadata` of the multipart, with its `labelImage`). */
export const internationalLabelResponseSchema = z.looseObject({
  internationalTrackingNumber: z.string().regex(/^[A-Z]{2}\d{9}[A-Z]{2}$/),
  labelImage: z.string().min(1),
  postage: z.number().nonnegative(),
  extraServices: z.array(pricedItem).optional(),
  fees: z.array(pricedItem).optional(),
  SKU: z.string().optional(),
  internationalPriceGroup: z.string().optional(),
});
