import { z } from 'zod';

/** Spec "Progress event": what the bulk engine reports for one order. */
export const orderProgressSchema = z.object({
  orderId: z.string(),
  processedCount: z.number().int(),
  failedCount: z.number().int(),
  status: z.string(),
  totalCount: z.number().int(),
  fileData: z
    .object({ pdfName: z.string().optional(), resultCSVName: z.string().optional(), autoConfirmCSVName: z.string().optional() })
    .optional(),
});
export type OrderProgress = z.infer<typeof orderProgressSchema>;

export const orderRoom = (orderId: string) => `order_${orderId}` as const;

export interface ServerToClientEvents {
  orderProgress: (progress: OrderProgress) => void;
  roomError: (error: { room: string; message: string }) => void;
}

export interface ClientToServerEvents {
  joinOrderRoom: (room: string) => void;
}
