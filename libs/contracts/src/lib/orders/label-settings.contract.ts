// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';
import { labelSettingsSchema } from './label-size.schema';

/**
 * A user's label preferences, kept by orders beside the label files they shape (decision 096). Read with labels:read
 * (an API client may learn what its downloads will be); changed from a session only.
 */
export const LabelSettingsRpc = {
  get: defineRpc('orders.label-settings.get.v1', z.object({ userId: idSchema }), labelSettingsSchema, { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' }),
  set: defineRpc('orders.label-settings.set.v1', z.object({ userId: idSchema, settings: labelSettingsSchema }), labelSettingsSchema, { who: { selfOrAdmin: 'userId' } }),
} as const;
