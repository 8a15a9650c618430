import { addSkusBodySchema, skuFormSchema, skuUpdateSchema } from './sku.schema';

describe('addSkusBodySchema', () => {
  it('passes upload rows through unchecked, for the address service to name each bad one', () => {
    expect(addSkusBodySchema.parse({ parsedData: [{ sku: '' }, 'not even a row'] })).toEqual({ parsedData: [{ sku: '' }, 'not even a row'] });
  });

  it('refuses an upload that is not a list of rows, in words', () => {
    expect(addSkusBodySchema.safeParse({ parsedData: { sku: 'MUG-1' } }).error?.issues[0]?.message).toBe('parsedData must be a list of SKU rows');
  });
});

describe('skuFormSchema weights', () => {
  const row = { sku: 'MUG-1', maxQty: '4', weight: '1.2', length: '10', width: '8', height: '4', description: '' };

  it('reads the weight as per unit and an empty or missing packaging weight as 0', () => {
    expect(skuFormSchema.parse(row)).toMatchObject({ weight: 1.2, packagingWeight: 0 });
    expect(skuFormSchema.parse({ ...row, packagingWeight: ' ' })).toMatchObject({ packagingWeight: 0 });
    expect(skuFormSchema.parse({ ...row, packagingWeight: '0.35' })).toMatchObject({ packagingWeight: 0.35 });
  });

  it('refuses a negative or non-numeric packaging weight, in words', () => {
    expect(skuFormSchema.safeParse({ ...row, packagingWeight: '-0.1' }).error?.issues[0]?.message).toBe('Packaging weight must be 0 or more');
    expect(skuFormSchema.safeParse({ ...row, packagingWeight: 'heavy' }).error?.issues[0]?.message).toBe('Packaging weight must be a number');
  });
});

describe('skuUpdateSchema', () => {
  const row = { sku: 'MUG-1', maxQty: '4', weight: '1.2', length: '10', width: '8', height: '4', description: '' };

  it('leaves a packaging weight that is not sent undefined, so the stored one is kept, and reads an empty one as 0', () => {
    expect(skuUpdateSchema.parse(row).packagingWeight).toBeUndefined();
    expect(skuUpdateSchema.parse({ ...row, packagingWeight: '' }).packagingWeight).toBe(0);
    expect(skuUpdateSchema.parse({ ...row, packagingWeight: 0.4 }).packagingWeight).toBe(0.4);
    expect(skuUpdateSchema.safeParse({ ...row, packagingWeight: '-1' }).error?.issues[0]?.message).toBe('Packaging weight must be 0 or more');
  });
});

describe('SKU customs defaults', () => {
  const row = { sku: 'TEE-1', maxQty: '4', weight: '0.4', length: '10', width: '8', height: '2', description: 'Cotton T-shirt' };

  it('has none when the columns are missing or empty', () => {
    expect(skuFormSchema.parse(row)).toMatchObject({ hsTariffNumber: null, originCountry: null, valueCents: null });
    expect(skuFormSchema.parse({ ...row, hsTariffNumber: ' ', originCountry: '', valueCents: '' })).toMatchObject({ hsTariffNumber: null, originCountry: null, valueCents: null });
  });

  it('keeps an HS tariff number as its digits, as copied from a tariff table with dots', () => {
    expect(skuFormSchema.parse({ ...row, hsTariffNumber: '6109.10.0012' }).hsTariffNumber).toBe('6109100012');
    expect(skuFormSchema.parse({ ...row, hsTariffNumber: '610910' }).hsTariffNumber).toBe('610910');
  });

  it('refuses an HS tariff number shorter than 6 or longer than 10 digits, or with letters, in words', () => {
    for (const hs of ['6109', '61091000123', '6109AB'])
      expect(skuFormSchema.safeParse({ ...row, hsTariffNumber: hs }).error?.issues[0]?.message).toBe('HS tariff number must be 6 to 10 digits, e.g. 6109.10');
  });

  it('reads an origin country, by code or English name, as its ISO code and refuses what is not one', () => {
    expect(skuFormSchema.parse({ ...row, originCountry: 'cn' }).originCountry).toBe('CN');
    expect(skuFormSchema.parse({ ...row, originCountry: 'Portugal' }).originCountry).toBe('PT');
    for (const country of ['Atlantis', 'EU', 'QQ'])
      expect(skuFormSchema.safeParse({ ...row, originCountry: country }).error?.issues[0]?.message).toBe('Origin country must be a country, e.g. US or China');
  });

  it('takes a value in whole cents above 0', () => {
    expect(skuFormSchema.parse({ ...row, valueCents: '1250' }).valueCents).toBe(1250);
    expect(skuFormSchema.safeParse({ ...row, valueCents: '12.5' }).error?.issues[0]?.message).toBe('Customs value must be whole cents');
    expect(skuFormSchema.safeParse({ ...row, valueCents: 0 }).error?.issues[0]?.message).toBe('Customs value must be greater than 0');
    expect(skuFormSchema.safeParse({ ...row, valueCents: 'lots' }).error?.issues[0]?.message).toBe('Customs value must be a number');
  });

  it('keeps stored defaults when a change leaves them out and clears them when it sends them empty', () => {
    const kept = skuUpdateSchema.parse(row);
    expect([kept.hsTariffNumber, kept.originCountry, kept.valueCents]).toEqual([undefined, undefined, undefined]);
    expect(skuUpdateSchema.safeParse({ ...row, hsTariffNumber: { digits: 610910 } }).error?.issues[0]).toMatchObject({ path: ['hsTariffNumber'], message: 'HS tariff number must be text' });
    expect(skuUpdateSchema.parse({ ...row, hsTariffNumber: '', originCountry: null, valueCents: '' })).toMatchObject({ hsTariffNumber: null, originCountry: null, valueCents: null });
    expect(skuUpdateSchema.parse({ ...row, hsTariffNumber: '6109.10', originCountry: 'us', valueCents: 900 })).toMatchObject({ hsTariffNumber: '610910', originCountry: 'US', valueCents: 900 });
  });
});

describe('SKU declared value (decision 122)', () => {
  const row = { sku: 'TEE-1', maxQty: '4', weight: '0.4', length: '10', width: '8', height: '2' };

  it('takes one unit\'s declared value in whole cents, none when empty, at most the $5,000 a label is insured for', () => {
    expect(skuFormSchema.parse({ ...row, declaredValueCents: '4000' }).declaredValueCents).toBe(4000);
    expect(skuFormSchema.parse({ ...row, declaredValueCents: '' }).declaredValueCents).toBeNull();
    expect(skuFormSchema.safeParse({ ...row, declaredValueCents: 500_001 }).error?.issues[0]?.message).toBe('Declared value must be at most $5000');
    expect(skuFormSchema.safeParse({ ...row, declaredValueCents: 0 }).error?.issues[0]?.message).toBe('Declared value must be greater than 0');
  });

  it('keeps the stored declared value when a change leaves it out and clears it when sent empty', () => {
    expect(skuUpdateSchema.parse(row)).not.toHaveProperty('declaredValueCents');
    expect(skuUpdateSchema.parse({ ...row, declaredValueCents: '' }).declaredValueCents).toBeNull();
  });
});
