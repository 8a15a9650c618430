import { packagePresetFormSchema, weightWithTareLb } from './package-preset.schema';

describe('packagePresetFormSchema', () => {
  const box = { name: '  Small mailer ', lengthIn: '9', widthIn: '6', heightIn: '2', tareWeightOz: '1.5' };

  it('reads a typed preset: the name trimmed, sizes and tare as numbers, an empty tare as 0', () => {
    expect(packagePresetFormSchema.parse(box)).toEqual({ name: 'Small mailer', lengthIn: 9, widthIn: 6, heightIn: 2, tareWeightOz: 1.5 });
    expect(packagePresetFormSchema.parse({ ...box, tareWeightOz: '' }).tareWeightOz).toBe(0);
  });

  it('refuses a missing name, a side that is not positive or too long, and a tare out of range, in words', () => {
    const message = (change: object) => packagePresetFormSchema.safeParse({ ...box, ...change }).error?.issues[0]?.message;
    expect(message({ name: ' ' })).toBe('Name is required');
    expect(message({ lengthIn: '0' })).toBe('Length must be greater than 0');
    expect(message({ heightIn: '200' })).toBe('Height must be less than 108');
    expect(message({ widthIn: 'wide' })).toBe('Width must be a number');
    expect(message({ tareWeightOz: '-1' })).toBe('Tare weight must be 0 or more');
    expect(message({ tareWeightOz: '400' })).toBe('Tare weight must be at most 320 oz');
  });
});

describe('weightWithTareLb', () => {
  it("adds the box's ounces to the contents' pounds, rounded up to the hundredth, never down", () => {
    expect(weightWithTareLb(2, 8)).toBe(2.5);
    expect(weightWithTareLb(1, 1)).toBe(1.07);
    expect(weightWithTareLb(0.3, 0)).toBe(0.3);
    expect(weightWithTareLb(Number.NaN, 4)).toBe(0.25);
  });
});
