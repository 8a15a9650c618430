/** Order data is per user; the user id is in every key so a login-as never shows the previous user's orders. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (userId: string) => [...orderKeys.all, 'list', userId] as const,
  recent: (userId: string) => [...orderKeys.all, 'recent', userId] as const,
  total: (userId: string) => [...orderKeys.all, 'total', userId] as const,
  refunds: (userId: string) => [...orderKeys.all, 'refunds', userId] as const,
  scanFormLabels: (userId: string) => [...orderKeys.all, 'scan-form-labels', userId] as const,
  tracking: (orderId: string) => [...orderKeys.all, 'tracking', orderId] as const,
  price: (userId: string, serviceName: string, weightLb: number) => [...orderKeys.all, 'price', userId, serviceName, weightLb] as const,
};
