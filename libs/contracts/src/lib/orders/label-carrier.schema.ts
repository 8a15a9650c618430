import { z } from 'zod';

/**
 * The carriers that can sell a label, as the orders service records them on every bought label (its carrier registry
 * keeps the same list; a spec there checks the two agree). Only admins ever see which one sold a label.
 */
export const LABEL_CARRIERS = ['sandbox', 'easypost', 'usps'] as const;
export const labelCarrierSchema = z.enum(LABEL_CARRIERS, { error: `Carrier must be one of: ${LABEL_CARRIERS.join(', ')}` });
export type LabelCarrier = z.infer<typeof labelCarrierSchema>;
