/** Service configuration, as the admin sees it: the carrier's raw list, the defaults, and each user's copies. */
export const serviceKeys = {
  all: ['services'] as const,
  raw: () => [...serviceKeys.all, 'raw'] as const,
  defaults: () => [...serviceKeys.all, 'defaults'] as const,
  user: (userId: string) => [...serviceKeys.all, 'user', userId] as const,
};
