import { createHash } from 'node:crypto';

/**
 * The id of the batch a user's Idempotency-Key makes (a name-based UUID, version 5's layout over SHA-256): the same
 * user and key always name the same batch, so a retry of `POST /api/v1/batches` finds the batch the first try made
 * instead of making (and holding the money of) a second one; another user's key names another batch.
 */
export const batchIdFor = (userId: string, idempotencyKey: string): string => {
  const hex = createHash('sha256').update(`labeldesk:v1:batch:${userId}:${idempotencyKey}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
