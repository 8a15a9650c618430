import { z } from 'zod';
import { sessionsEndedReasonSchema } from '../auth/auth.contract';

/** Spec "Progress event": what the bulk engine reports for one order. */
export const orderProgressSchema = z.object({
  orderId: z.string(),
  processedCount: z.number().int(),
  failedCount: z.number().int(),
  status: z.string(),
  totalCount: z.number().int(),
  fileData: z
    .object({ pdfName: z.string().optional(), resultCSVName: z.string().optional(), autoConfirmCSVName: z.string().optional(), zplName: z.string().optional() })
    .optional(),
});
export type OrderProgress = z.infer<typeof orderProgressSchema>;

export const orderRoom = (orderId: string) => `order_${orderId}` as const;

/**
 * Sent to a socket just before the server closes it because its user's sessions ended (blocked, deleted, password or
 * role changed), so an open tab signs out at once and says why.
 */
export const sessionEndedSchema = z.object({ reason: sessionsEndedReasonSchema });
export type SessionEnded = z.infer<typeof sessionEndedSchema>;

export interface ServerToClientEvents {
  orderProgress: (progress: OrderProgress) => void;
  roomError: (error: { room: string; message: string }) => void;
  sessionEnded: (event: SessionEnded) => void;
}

export interface ClientToServerEvents {
  joinOrderRoom: (room: string) => void;
}
