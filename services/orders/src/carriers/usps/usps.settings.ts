import { z } from 'zod';

const optionalText = z.string().trim().min(1).optional();

/** The USPS APIs' settings (USPS_*), a piece of the orders environment. */
export const uspsSettings = {
  USPS_CLIENT_ID: optionalText,
  USPS_CLIENT_SECRET: optionalText,
  USPS_API_URL: z.url().default('https://apis.usps.com'),
  USPS_CRID: optionalText,
  USPS_MID: optionalText,
  USPS_MANIFEST_MID: optionalText,
  USPS_ACCOUNT_TYPE: z.enum(['EPS', 'PERMIT']).optional(),
  USPS_ACCOUNT_NUMBER: optionalText,
  /** The permit's 5-digit ZIP, with USPS_ACCOUNT_TYPE=PERMIT. */
  USPS_PERMIT_ZIP: z.string().regex(/^\d{5}$/, 'must be a 5-digit ZIP').optional(),
  /**
   * USPS has no refund-status API: a refund request (DISPUTED) is taken as settled this many days after it was asked,
   * refunded when tracking shows no scan beyond "label created", rejected otherwise (docs/carriers.md).
   */
  USPS_REFUND_SETTLE_DAYS: z.coerce.number().int().min(1).max(60).default(21),
};
