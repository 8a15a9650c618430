export const skuKeys = {
  all: ['skus'] as const,
  list: (userId: string) => [...skuKeys.all, 'list', userId] as const,
};
