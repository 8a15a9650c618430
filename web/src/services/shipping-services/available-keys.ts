export const userServiceKeys = {
  all: ['user-services'] as const,
  available: (userId: string) => [...userServiceKeys.all, 'available', userId] as const,
};
