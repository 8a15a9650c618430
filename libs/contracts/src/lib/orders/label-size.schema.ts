import { z } from 'zod';

/**
 * The paper a PDF label is printed on (decision 096): `4x6`, the label as the carrier made it, for thermal printers;
 * `letter`, the same 4×6 label at 100 % on the top half of an 8.5×11 in sheet, turned to fit, with a cut line across
 * the middle, for office printers. ZPL labels are thermal by nature and never change.
 */
export const LABEL_SIZES = ['4x6', 'letter'] as const;
export const labelSizeSchema = z.enum(LABEL_SIZES, { error: 'Label size must be 4x6 or letter' });
export type LabelSize = z.infer<typeof labelSizeSchema>;

/** What a user gets when they never chose: the label as the carrier made it. */
export const DEFAULT_LABEL_SIZE: LabelSize = '4x6';

/** How the size reads on the settings page and the download buttons. */
export const LABEL_SIZE_NAMES: Readonly<Record<LabelSize, string>> = {
  '4x6': '4×6 in (thermal label)',
  letter: 'Letter, 8.5×11 in (label on the top half)',
};

/** A user's label preferences, as `GET /api/label-settings/{userId}` answers and `PUT` takes them. */
export const labelSettingsSchema = z.object({ labelSize: labelSizeSchema }).strict();
export type LabelSettings = z.infer<typeof labelSettingsSchema>;
