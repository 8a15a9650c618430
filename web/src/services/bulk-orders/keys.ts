/** Batch (bulk) order data is per user; the user id is in every list key so a login-as never shows the previous user's batches. */
export const bulkOrderKeys = {
  all: ['bulk-orders'] as const,
  lists: (userId: string) => [...bulkOrderKeys.all, 'list', userId] as const,
  page: (userId: string, page: number) => [...bulkOrderKeys.lists(userId), page] as const,
  limits: () => [...bulkOrderKeys.all, 'limits'] as const,
  order: (orderId: string) => [...bulkOrderKeys.all, 'order', orderId] as const,
  labels: (orderId: string) => [...bulkOrderKeys.all, 'labels', orderId] as const,
  labelsPage: (orderId: string, page: number) => [...bulkOrderKeys.labels(orderId), page] as const,
  tracking: (orderId: string, trackingNumber: string) => [...bulkOrderKeys.all, 'tracking', orderId, trackingNumber] as const,
};
