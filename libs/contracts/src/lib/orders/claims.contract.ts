// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';
import { orderModeSchema } from './order.schema';
import { extraServicesQuoteBodySchema, extraServicesQuoteSchema, signatureOptionSchema } from './extra-services.schema';

/**
 * Insurance claims for lost or damaged parcels (issue 46, decision 102). A claim is `submitted`, then the insurer
 * (the carrier that sold the insurance, or the sandbox's simulation of one) `approved` or `rejected` it; an approved
 * claim is `paid` once its amount is credited to the seller's balance, exactly once.
 */
export const CLAIM_TYPES = ['lost', 'damaged'] as const;
export const claimTypeSchema = z.enum(CLAIM_TYPES, { error: 'Claim type must be lost or damaged' });
export type ClaimType = z.infer<typeof claimTypeSchema>;

export const CLAIM_STATES = ['submitted', 'approved', 'rejected', 'paid'] as const;
export const claimStateSchema = z.enum(CLAIM_STATES);
export type ClaimState = z.infer<typeof claimStateSchema>;

/** `POST /api/orders/{orderId}/claims`. */
export const fileClaimBodySchema = z.object({
  type: claimTypeSchema,
  amount_cents: z
    .number({ error: 'Claim amount must be a number of cents' })
    .int({ error: 'Claim amount must be whole cents' })
    .min(1, { error: 'Claim amount must be at least $0.01' }),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .min(10, { error: 'Describe what happened in at least 10 characters' })
    .max(2000, { error: 'Description is too long (max 2000)' }),
});
export type FileClaimBody = z.infer<typeof fileClaimBodySchema>;

export const claimSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  userId: z.string(),
  trackingNumber: z.string(),
  type: claimTypeSchema,
  amountCents: z.number().int(),
  /** The value the label was insured for: a claim never asks more. */
  insuredValueCents: z.number().int(),
  description: z.string(),
  state: claimStateSchema,
  /** What the insurer approved and is paid (at most the amount claimed); null until approved. */
  approvedCents: z.number().int().nullable(),
  /** Why it was rejected, or the insurer's note on an approval; null while submitted. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type Claim = z.infer<typeof claimSchema>;

export const claimsListSchema = z.object({ claims: z.array(claimSchema) });
export type ClaimsList = z.infer<typeof claimsListSchema>;

/** A label bought with insurance, not voided: one a claim may be filed on (with the claim already filed, if any). */
export const insuredLabelSchema = z.object({
  orderId: z.string(),
  trackingNumber: z.string(),
  serviceName: z.string(),
  receiverName: z.string(),
  insuredValueCents: z.number().int(),
  insuranceCents: z.number().int(),
  signature: signatureOptionSchema,
  purchasedAt: z.string(),
  claimId: z.string().nullable(),
});
export type InsuredLabel = z.infer<typeof insuredLabelSchema>;
export const insuredLabelsSchema = z.object({ labels: z.array(insuredLabelSchema) });
export type InsuredLabels = z.infer<typeof insuredLabelsSchema>;

/** The claims lists' query: `mode=test` for a session's test-mode claims (decision 127). */
export const claimsListQuerySchema = z.object({ mode: orderModeSchema.optional() });

export const ClaimsRpc = {
  file: defineRpc('orders.claim.file.v1', fileClaimBodySchema.extend({ orderId: idSchema }), claimSchema, { who: 'signed-in', scope: 'labels:buy' }),
  /** `mode`: a session's choice (live when absent, the web app's Test mode switch asks test); a key lists its own mode's (decisions 124, 127). */
  list: defineRpc('orders.claim.list.v1', z.object({ userId: idSchema, mode: orderModeSchema.optional() }), claimsListSchema, { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' }),
  get: defineRpc('orders.claim.get.v1', z.object({ claimId: idSchema }), claimSchema, { who: 'signed-in', scope: 'labels:read' }),
  insuredLabels: defineRpc('orders.claim.insured-labels.v1', z.object({ userId: idSchema, mode: orderModeSchema.optional() }), insuredLabelsSchema, { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' }),
  /** Priced for the caller: the service is found among theirs. */
  quoteExtras: defineRpc('orders.extra-services.quote.v1', extraServicesQuoteBodySchema, extraServicesQuoteSchema, { who: 'signed-in', scope: 'labels:read' }),
} as const;
