export const packagePresetKeys = {
  all: ['package-presets'] as const,
  list: (userId: string) => [...packagePresetKeys.all, 'list', userId] as const,
};
