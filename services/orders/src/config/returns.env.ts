import { z } from 'zod';

/** Return labels' settings (decision 101), part of the orders environment. */
export const returnsEnvShape = {
  /** Days a buyer's return link opens the label before it expires. */
  RETURN_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * How often unused pay-on-use return labels are asked about at their carrier (their first scan is when they are
   * charged). Each is asked again only TRACKING_REFRESH_SECONDS after its last answer, as outbound labels are.
   */
  RETURN_SCAN_POLL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
};
