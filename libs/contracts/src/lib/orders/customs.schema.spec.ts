import { singleOrderSchema } from './single-order.schema';
import { customsSchema, eeiFilingFor, eelPfcFor, customsRequiredFor, scheduleBLines, NOEEI_30_37_A, NOEEI_30_36 } from './customs.schema';

const sender = {
  sender_name: 'Ada',
  sender_address1: '1 Main St',
  sender_city: 'Los Angeles',
  sender_state_province: 'CA',
  sender_zip_postal: '90001',
  sender_country: 'US',
};
const receiverIn = (country: string, state: string, zip: string) => ({
  receiver_name: 'Grace',
  receiver_address1: '10 High Street',
  receiver_city: 'Somewhere',
  receiver_state_province: state,
  receiver_zip_postal: zip,
  receiver_country: country,
});
const item = (overrides: Record<string, unknown> = {}) => ({
  description: 'Cotton T-shirt',
  quantity: 2,
  value_cents: 2500,
  weight_lb: 0.6,
  hs_tariff_number: '6109.10',
  origin_country: 'US',
  ...overrides,
});
const customs = (overrides: Record<string, unknown> = {}) => ({
  contents_type: 'merchandise',
  non_delivery_option: 'return',
  signer: 'Ada Lovelace',
  items: [item()],
  ...overrides,
});
const order = (receiver: Record<string, unknown>, declaration?: unknown) => ({
  service_name: 'USPS Priority Mail International',
  sender,
  receiver,
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
  ...(declaration === undefined ? {} : { customs: declaration }),
});
const issuesOf = (value: unknown) => {
  const result = singleOrderSchema.safeParse(value);
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('receivers in any country', () => {
  it.each([
    ['CA', 'ON', 'K1A 0B1'],
    ['GB', '', 'SW1A 1AA'],
    ['DE', '', '10115'],
    ['AU', 'NSW', '2000'],
    ['FR', '', '75001'],
    ['HK', '', ''],
  ])('takes a label to %s with its own postal code (%s %s)', (country, state, zip) => {
    expect(issuesOf(order(receiverIn(country, state, zip), customs()))).toEqual([]);
  });

  it('reads the country from its name and the province from its name, upper case as printed', () => {
    const parsed = singleOrderSchema.parse(order(receiverIn('Canada', 'ontario', 'k1a 0b1'), customs()));
    expect(parsed.receiver).toMatchObject({ receiver_country: 'CA', receiver_state_province: 'ONTARIO', receiver_zip_postal: 'K1A 0B1' });
  });

  it('refuses a country that does not exist', () => {
    expect(issuesOf(order(receiverIn('Atlantis', '', '12345'), customs()))).toEqual([
      { path: 'receiver.receiver_country', message: 'Recipient country must be a country, e.g. CA or Canada' },
    ]);
  });

  it('requires a Canadian province, one of Canada\'s', () => {
    expect(issuesOf(order(receiverIn('CA', '', 'K1A 0B1'), customs()))).toEqual([
      { path: 'receiver.receiver_state_province', message: 'Recipient province is required for Canada' },
    ]);
    expect(issuesOf(order(receiverIn('CA', 'BAVARIA', 'K1A 0B1'), customs()))).toEqual([
      { path: 'receiver.receiver_state_province', message: "Recipient province must be one of Canada's, e.g. AB" },
    ]);
  });

  it('checks the postal code by the country, never by US ZIP rules', () => {
    expect(issuesOf(order(receiverIn('DE', '', '1011'), customs()))).toEqual([
      { path: 'receiver.receiver_zip_postal', message: 'Recipient postal code is not a postal code of Germany' },
    ]);
    expect(issuesOf(order(receiverIn('GB', '', ''), customs()))).toEqual([
      { path: 'receiver.receiver_zip_postal', message: 'Recipient postal code is required for United Kingdom' },
    ]);
    expect(issuesOf(order(receiverIn('CA', 'ON', '90210'), customs()))).toEqual([
      { path: 'receiver.receiver_zip_postal', message: 'Recipient postal code is not a postal code of Canada' },
    ]);
  });

  it('keeps the US rules at home', () => {
    expect(issuesOf(order(receiverIn('US', 'ON', '10001')))).toEqual([
      { path: 'receiver.receiver_state_province', message: 'Recipient state must be a US state code, e.g. CA' },
    ]);
    expect(issuesOf(order(receiverIn('US', 'CA', '10001')))).toEqual([{ path: 'receiver.receiver_zip_postal', message: 'ZIP 10001 is in NY, not CA' }]);
  });
});

describe('customs on an international label', () => {
  it('is required abroad and to APO/FPO/DPO, not at home', () => {
    expect(issuesOf(order(receiverIn('CA', 'ON', 'K1A 0B1')))).toEqual([
      { path: 'customs', message: 'Customs is required for a label to Canada; add the contents, the items and who signs' },
    ]);
    expect(customsRequiredFor({ country: 'US', state: 'AE' })).toBe(true);
    expect(customsRequiredFor({ country: 'US', state: 'GU' })).toBe(true);
    expect(customsRequiredFor({ country: 'US', state: 'NY' })).toBe(false);
    expect(customsRequiredFor({ country: 'US', state: 'PR' })).toBe(false);
  });

  it('requires an explanation when the contents are other', () => {
    expect(issuesOf(order(receiverIn('GB', '', 'SW1A 1AA'), customs({ contents_type: 'other' })))).toEqual([
      { path: 'customs.contents_explanation', message: 'Contents explanation is required when the contents are other' },
    ]);
  });

  it('says what is wrong on each field of an item', () => {
    const issues = issuesOf(
      order(receiverIn('GB', '', 'SW1A 1AA'), customs({ items: [item({ description: '', quantity: 0, value_cents: 12.5, weight_lb: 0, hs_tariff_number: '61', origin_country: 'Atlantis' })] })),
    );
    expect(issues).toEqual([
      { path: 'customs.items.0.description', message: 'Item description is required' },
      { path: 'customs.items.0.quantity', message: 'Item quantity must be at least 1' },
      { path: 'customs.items.0.value_cents', message: 'Item value must be whole cents' },
      { path: 'customs.items.0.weight_lb', message: 'Item weight must be greater than 0' },
      { path: 'customs.items.0.hs_tariff_number', message: 'HS tariff number must be 6 to 10 digits, e.g. 6109.10' },
      { path: 'customs.items.0.origin_country', message: 'Origin country must be a country, e.g. US or China' },
    ]);
  });

  it('refuses an EU label whose item has no HS tariff number, naming the item', () => {
    expect(issuesOf(order(receiverIn('DE', '', '10115'), customs({ items: [item(), item({ description: 'Mug', hs_tariff_number: '' })] })))).toEqual([
      {
        path: 'customs.items.1.hs_tariff_number',
        message: 'Item 2 (Mug) needs an HS tariff number of 6 to 10 digits; Germany requires one for every item',
      },
    ]);
    expect(issuesOf(order(receiverIn('GB', '', 'SW1A 1AA'), customs({ items: [item({ hs_tariff_number: '' })] })))).toEqual([]);
  });

  it('keeps an HS number as its digits', () => {
    expect(customsSchema.parse(customs({ items: [item({ hs_tariff_number: '6109.10.0012' })] })).items[0]?.hs_tariff_number).toBe('6109100012');
  });
});

describe('the US export filing', () => {
  const lines = (...values: [string, number][]) => values.map(([hs, value], index) => ({ description: `Thing ${index + 1}`, value_cents: value, hs_tariff_number: hs }));

  it('is NOEEI 30.37(a) when every Schedule B line is $2,500 or less, items of one HS number added up', () => {
    expect(eeiFilingFor(lines(['610910', 250_000], ['420221', 250_000]), 'GB')).toEqual({ kind: 'exempt', eelPfc: NOEEI_30_37_A });
    const over = eeiFilingFor(lines(['610910', 150_000], ['610910', 110_000]), 'GB');
    expect(over.kind).toBe('itn_required');
    expect(scheduleBLines(lines(['610910', 150_000], ['610910', 110_000]))).toEqual([{ hsTariffNumber: '610910', descriptions: ['Thing 1', 'Thing 2'], valueCents: 260_000 }]);
  });

  it('needs no EEI to Canada (15 CFR 30.36)', () => {
    expect(eeiFilingFor(lines(['610910', 900_000]), 'CA')).toEqual({ kind: 'exempt', eelPfc: NOEEI_30_36 });
  });

  it('refuses a $2,600 line without an ITN, and takes it with one', () => {
    const big = customs({ items: [item({ value_cents: 260_000 })] });
    expect(issuesOf(order(receiverIn('GB', '', 'SW1A 1AA'), big))).toEqual([
      {
        path: 'customs.itn',
        message: 'An ITN is required because the Schedule B line 610910 (Cotton T-shirt) is worth $2,600.00, over $2,500.00. File the export in AESDirect and enter its ITN',
      },
    ]);
    const filed = singleOrderSchema.parse(order(receiverIn('GB', '', 'SW1A 1AA'), { ...big, itn: 'AES X20260115123456' }));
    expect(filed.customs?.itn).toBe('X20260115123456');
    expect(eelPfcFor(customsSchema.parse(filed.customs), 'GB')).toBe('AES X20260115123456');
    expect(eelPfcFor(customsSchema.parse(customs()), 'GB')).toBe(NOEEI_30_37_A);
  });

  it('refuses an ITN of the wrong shape', () => {
    expect(issuesOf(order(receiverIn('GB', '', 'SW1A 1AA'), customs({ itn: '12345' })))).toEqual([
      { path: 'customs.itn', message: 'ITN must be X followed by 14 digits, e.g. X20260115123456' },
    ]);
  });
});
