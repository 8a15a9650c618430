import { z } from 'zod';

/**
 * The request body of `POST /labels/v3/label` (`LabelRequest`), field by field, as published in the USPS Labels
 * OpenAPI **3.9.13** (developers.usps.com, captured 2026-06-23), vendored in karrioapi/karrio at
 * `modules/connectors/usps/vendor/domestic-labels.yaml`. Lengths, patterns, enums, `required` lists and
 * `additionalProperties` follow the YAML: nested objects are open (`additionalProperties: true`), the top level is
 * closed. Descriptions-only rules (names or firm, weight ≤ 70 lb, mailing date window…) are checked by the fake
 * server after this schema, with USPS's own error codes.
 *
 * Not modelled: `customsForm` (the platform ships within the domestic US only; the fake refuses it as USPS does for
 * a mail class that needs none) and the `returnLabel` outbound/return pair.
 */

const STATE =
  /^(AA|AE|AL|AK|AP|AS|AZ|AR|CA|CO|CT|DE|DC|FM|FL|GA|GU|HI|ID|IL|IN|IA|KS|KY|LA|ME|MH|MD|MA|MI|MN|MS|MO|MP|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PW|PA|PR|RI|SC|SD|TN|TX|UT|VT|VI|VA|WA|WV|WI|WY)$/;
const PHONE = /^\+?[1-9][0-9]{7,14}$|^[0-9]{6,15}$/;
const EMAIL = /^[a-zA-Z0-9_+&*-]+(?:\.[a-zA-Z0-9_+&*-]+)*@(?:[a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}$/;
const ZIP5 = /^\d{5}$/;
const MID = /^(\d{6}|\d{9})$/;
const UUID = /[A-Fa-f0-9]{8}-([A-Fa-f0-9]{4}-){3}[A-Fa-f0-9]{12}/;

const text = (min: number, max: number) => z.string().min(min).max(max);

/** `ImageInfo` + the label-only flags of `LabelRequest.imageInfo`. */
const imageInfo = z.looseObject({
  imageType: z.enum(['PDF', 'TIFF', 'JPG', 'PNG', 'GIF', 'SVG', 'ZPL203DPI', 'ZPL300DPI', 'EPL300DPI', 'LABEL_BROKER', 'NONE']).optional(),
  labelType: z.enum(['4X4LABEL', '4X5LABEL', '4X6LABEL', '6X4LABEL', '2X7LABEL']).optional(),
  shipInfo: z.boolean().optional(),
  receiptOption: z.enum(['SAME_PAGE', 'SEPARATE_PAGE', 'NONE']).optional(),
  brandingImageFormat: z.enum(['ONE_SQUARE', 'TWO_SQUARES', 'RECTANGLE', 'NONE']).optional(),
  brandingImageUUIDs: z.array(text(36, 36).regex(UUID)).max(2).optional(),
  includeLabelBrokerPDF: z.boolean().optional(),
  addZPLComments: z.boolean().optional(),
  addImageComments: z.boolean().optional(),
  suppressPostage: z.boolean().optional(),
  suppressMailDate: z.boolean().optional(),
  returnLabel: z.boolean().optional(),
  packageNumber: z.int().min(1).max(9999).optional(),
  totalPackages: z.int().min(1).max(9999).optional(),
});

/** `Address` + `DomesticAddress`: nothing required at this level. */
const domesticAddressFields = {
  streetAddress: text(1, 50).optional(),
  secondaryAddress: z.string().max(50).optional(),
  city: text(1, 28).optional(),
  state: text(2, 2).regex(STATE).optional(),
  ZIPCode: z.string().regex(ZIP5).optional(),
  ZIPPlus4: z.string().regex(/^\d{4}$/).nullable().optional(),
  urbanization: z.string().max(96).optional(),
};

/** `Addressee`. */
const addresseeFields = {
  firstName: text(1, 50).optional(),
  lastName: text(1, 50).optional(),
  firm: text(0, 50).optional(),
};

const contactFields = {
  phone: z.string().regex(PHONE).optional(),
  email: text(0, 50).regex(EMAIL).optional(),
  ignoreBadAddress: z.boolean().optional(),
};

const domesticAddress = z.looseObject(domesticAddressFields);

/** `DomesticLabelToAddress`: no `required` list (a parcel-locker delivery needs no street). */
const toAddress = z.looseObject({
  ...domesticAddressFields,
  ...addresseeFields,
  ...contactFields,
  parcelLockerDelivery: z.boolean().optional(),
  holdForPickup: z.boolean().optional(),
  facilityId: z.string().max(7).optional(),
});

/** `DomesticLabelAddress` (fromAddress, returnAddress): street, city, state and ZIP are required. */
const labelAddressFields = {
  ...domesticAddressFields,
  ...addresseeFields,
  ...contactFields,
  streetAddress: text(1, 50),
  city: text(1, 28),
  state: text(2, 2).regex(STATE),
  ZIPCode: z.string().regex(ZIP5),
};
const labelAddress = z.looseObject(labelAddressFields);

/** `DomesticLabelSenderAddress`: the shipper a platform reports under `SENDER_INFORMATION`. */
const senderAddress = z.looseObject({ ...labelAddressFields, platformUserId: z.string().max(30).optional() });

const container = z.strictObject({
  containerID: z.string().max(34),
  sortType: z.enum([
    'TRUCK_BEDLOAD',
    'OPEN_DISTRIBUTION_FULL_POSTAL_PAKS',
    'OPEN_DISTRIBUTE_EMM_TRAY_BOX',
    'OPEN_DISTRIBUTE_FULL_TRAY_BOX',
    'OPEN_DISTRIBUTE_HALF_TRAY_BOX',
    'OPEN_DISTRIBUTE_HALF_POSTAL_PAKS',
    'OPEN_DISTRIBUTE_PALLET',
    'OPEN_DISTRIBUTE_FLAT_TUB_TRAY_BOX',
    'PALLET',
    'RECEPTACLE',
    'SACK',
  ]),
});

/** `PackageOptions` + `DomesticPackageOptions` + the label-only `immediateManifest` / `originalPackage`. */
const packageOptions = z.looseObject({
  packageValue: z.number().min(0).optional(),
  nonDeliveryOption: z.enum(['RETURN', 'REDIRECT', 'ABANDON']).optional(),
  omas: z.looseObject({ chargebackCode: z.string().max(6).regex(/^[A-Za-z0-9]{1,6}$/).optional() }).optional(),
  redirectAddress: labelAddress.optional(),
  contentType: z
    .enum(['HAZMAT', 'CREMATED_REMAINS', 'BEES', 'DAY_OLD_POULTRY', 'ADULT_BIRDS', 'OTHER_LIVES', 'PERISHABLE', 'PHARMACEUTICALS', 'MEDICAL_SUPPLIES', 'FRUITS', 'VEGETABLES', 'LIVE_PLANTS'])
    .optional(),
  generateGXEvent: z.boolean().optional(),
  containers: z.array(container).max(3).optional(),
  ancillaryServiceEndorsements: z
    .enum(['CHANGE_SERVICE_REQUESTED', 'ADDRESS_SERVICE_REQUESTED', 'ELECTRONIC_SERVICE_REQUESTED', 'RETURN_SERVICE_REQUESTED', 'TEMP_RETURN_SERVICE_REQUESTED', 'FORWARDING_SERVICE_REQUESTED'])
    .optional(),
  returnReceiptTracking: z.boolean().optional(),
  immediateManifest: z.boolean().optional(),
  originalPackage: z.looseObject({ originalTrackingNumber: text(22, 34), originalConstructCode: text(3, 3) }).optional(),
});

/** `ExtraService`: the published Extra Service Codes. */
export const EXTRA_SERVICE_CODES = [
  365, 415, 480, 481, 482, 483, 484, 485, 486, 487, 488, 489, 810, 811, 812, 813, 814, 815, 816, 817, 818, 819, 820, 821, 822, 823, 824, 825, 826, 827, 828, 829, 830, 831,
  832, 857, 910, 911, 912, 913, 920, 921, 922, 923, 924, 925, 930, 931, 934, 955, 957, 981, 986, 991,
] as const;

export const MAIL_CLASSES = [
  'PARCEL_SELECT',
  'PARCEL_SELECT_LIGHTWEIGHT',
  'USPS_CONNECT_LOCAL',
  'USPS_CONNECT_REGIONAL',
  'USPS_CONNECT_MAIL',
  'USPS_GROUND_ADVANTAGE',
  'PRIORITY_MAIL_EXPRESS',
  'PRIORITY_MAIL',
  'FIRST-CLASS_PACKAGE_SERVICE',
  'LIBRARY_MAIL',
  'MEDIA_MAIL',
  'BOUND_PRINTED_MATTER',
] as const;

const RATE_INDICATORS = [
  '3D', '3N', '3R', '5D', 'BA', 'BB', 'CP', 'CM', 'DC', 'DE', 'DF', 'DN', 'DR', 'E4', 'E6', 'FA', 'FB', 'FE', 'FP', 'FS', 'LC', 'LF', 'LL', 'LO', 'LS', 'NP', 'OS', 'P5', 'P6',
  'P7', 'P8', 'P9', 'Q6', 'Q7', 'Q8', 'Q9', 'Q0', 'PA', 'PL', 'PM', 'PR', 'SN', 'SP', 'SR',
] as const;

/** `MailingDate` (format date) or `MailingDateTime` (format date-time), RFC 3339. */
const mailingDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'must be an RFC 3339 full-date (YYYY-MM-DD) or date-time' });

/**
 * `packageDescription`: oneOf `DomesticPackageDescription` (with `rateIndicator`) and
 * `DomesticPackageDescriptionWithoutRateIndicator` (with `shape` and `packagingType`), both on
 * `BaseDomesticPackageDescription` + `PackageDescription`. The oneOf is checked after the fields, with the messages
 * USPS gives for it (160284/160285).
 */
const packageDescription = z
  .looseObject({
    weightUOM: z.enum(['lb']).optional(),
    weight: z.number().gt(0),
    dimensionsUOM: z.enum(['in']).optional(),
    length: z.number().gt(0),
    height: z.number().gt(0),
    width: z.number().gt(0),
    girth: z.number().gt(0).optional(),
    hasNonstandardCharacteristics: z.boolean().optional(),
    mailClass: z.enum(MAIL_CLASSES),
    processingCategory: z.enum(['LETTERS', 'FLATS', 'MACHINABLE', 'IRREGULAR', 'NON_MACHINABLE', 'NONSTANDARD']),
    destinationEntryFacilityType: z.enum([
      'NONE',
      'DESTINATION_NETWORK_DISTRIBUTION_CENTER',
      'DESTINATION_SECTIONAL_CENTER_FACILITY',
      'DESTINATION_DELIVERY_UNIT',
      'DESTINATION_SERVICE_HUB',
      'DESTINATION_REGIONAL_PROCESSING_DISTRIBUTION_CENTER',
    ]),
    destinationEntryFacilityAddress: domesticAddress.optional(),
    packageOptions: packageOptions.optional(),
    customerReference: z.array(z.looseObject({ referenceNumber: text(1, 30).optional(), printReferenceNumber: z.boolean().optional() })).max(4).optional(),
    extraServices: z.array(z.literal(EXTRA_SERVICE_CODES)).max(5).optional(),
    mailingDate,
    carrierRelease: z.boolean().optional(),
    physicalSignatureRequired: z.boolean().optional(),
    inductionZIPCode: z.string().regex(ZIP5).optional(),
    serialNumberFormat: z.enum(['STANDARD', 'EXTENDED']).optional(),
    shipperVisibilityMethod: z.enum(['SENDER_INFORMATION', 'MID_INFORMATION']).optional(),
    mailOwnerMID: z.string().regex(MID).optional(),
    logisticsManagerMID: z.string().regex(MID).optional(),
    rateIndicator: z.enum(RATE_INDICATORS).optional(),
    shape: z.enum(['RECTANGULAR', 'NON_RECTANGULAR']).optional(),
    packagingType: z
      .enum([
        'VARIABLE',
        '5-DIGIT_PRESORT',
        'BASIC_PRESORT',
        'FLAT_RATE_ENVELOPE',
        'LEGAL_FLAT_RATE_ENVELOPE',
        'PADDED_FLAT_RATE_ENVELOPE',
        'SM_FLAT_RATE_BOX',
        'MD_FLAT_RATE_BOX',
        'LG_FLAT_RATE_BOX',
        'CUBIC_PARCELS',
        'CUBIC_SOFT_PACK',
        'CONNECT_LOCAL_FLAT_RATE_BOX',
        'CONNECT_LOCAL_SMALL_FLAT_RATE_BAG',
        'CONNECT_LOCAL_LARGE_FLAT_RATE_BAG',
      ])
      .optional(),
  })
  .superRefine((value, context) => {
    const withoutIndicator = value.shape !== undefined || value.packagingType !== undefined;
    if (value.rateIndicator !== undefined && withoutIndicator) {
      context.addIssue({ code: 'custom', path: ['rateIndicator'], message: 'cannot include shape or packagingType with rateIndicator', params: { uspsCode: '160284' } });
    } else if (value.rateIndicator === undefined && (value.shape === undefined || value.packagingType === undefined)) {
      context.addIssue({ code: 'custom', path: ['rateIndicator'], message: 'either rateIndicator or shape and packagingType are required', params: { uspsCode: '160285' } });
    }
  });

/** `LabelRequest`: `additionalProperties: false` at the top. */
export const labelRequestSchema = z.strictObject({
  imageInfo: imageInfo.optional(),
  toAddress,
  fromAddress: labelAddress,
  senderAddress: senderAddress.optional(),
  returnAddress: labelAddress.optional(),
  packageDescription,
  customsForm: z.looseObject({}).optional(),
});

export type FakeLabelRequest = z.infer<typeof labelRequestSchema>;

/** `Parties` of the Payments API 3.1.20 (`payments.yaml`, same source): `roles` is required. */
export const partiesSchema = z.looseObject({
  roles: z
    .array(
      z.looseObject({
        roleName: z
          .enum(['PAYER', 'RATE_HOLDER', 'LABEL_OWNER', 'SHIPPER', 'MAIL_OWNER', 'PLATFORM', 'RETURN_LABEL_PAYER', 'RETURN_LABEL_RATE_HOLDER', 'RETURN_LABEL_OWNER', 'LABEL_PROVIDER'])
          .optional(),
        CRID: text(2, 18).optional(),
        MID: z.string().regex(MID).optional(),
        manifestMID: z.string().regex(MID).optional(),
        accountType: z.enum(['EPS', 'PERMIT', 'METER', 'OMAS']).optional(),
        accountNumber: z.string().optional(),
        permitNumber: z.string().optional(),
        permitZIP: z.string().max(5).optional(),
      }),
    )
    .min(1),
});

export type FakeParties = z.infer<typeof partiesSchema>;
