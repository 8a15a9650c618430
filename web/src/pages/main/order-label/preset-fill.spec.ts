import type { PackagePreset } from '@labeldesk/contracts';
import { presetFill, presetOptionText } from './preset-fill';

const mailer: PackagePreset = { id: '0d6c8b4e-1b8c-4a55-b0d6-3c1b4c9d2e11', name: 'Small mailer', lengthIn: 9, widthIn: 6, heightIn: 2, tareWeightOz: 4 };
const crate: PackagePreset = { id: '6f1d2a0e-57a1-4c4e-9d6a-2f1f3f9d7b10', name: 'Crate', lengthIn: 12, widthIn: 12, heightIn: 8, tareWeightOz: 8 };

describe('presetFill', () => {
  it("fills the box's size and adds its tare to the contents' weight", () => {
    expect(presetFill(mailer, '2', null)).toMatchObject({ package_length: '9', package_width: '6', package_height: '2', package_weight: '2.25' });
  });

  it('weighs an empty weight as the box alone', () => {
    expect(presetFill(mailer, '', null).package_weight).toBe('0.25');
  });

  it('swaps the tare when another box is picked over the last one, and adds it again after the weight was retyped', () => {
    const first = presetFill(mailer, '2', null);
    expect(presetFill(crate, first.package_weight, first.applied).package_weight).toBe('2.5');
    expect(presetFill(crate, '3', first.applied).package_weight).toBe('3.5');
  });

  it('names a box with its size and tare', () => {
    expect(presetOptionText(mailer)).toBe('Small mailer — 9 × 6 × 2 in, 4 oz');
    expect(presetOptionText({ ...crate, tareWeightOz: 0 })).toBe('Crate — 12 × 12 × 8 in');
  });
});
