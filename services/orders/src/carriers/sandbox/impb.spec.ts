import { buildImpb, formatImpbHri, isValidImpbTrackingNumber, mod10CheckDigit, parseUsZip, SANDBOX_TEST_MAILER_ID } from './impb';

describe('mod10CheckDigit', () => {
  // formats.md §1.4, worked examples A, B and C: payload (PIC without its check digit) → check digit.
  it.each([
    ['A: 92 / Priority Mail / 9-digit MID', '920559123456780000001', 1],
    ['B: real-world channel 94 test vector', '940011120108080548301', 6],
    ['C: 93 / 6-digit MID', '930011234560000000001', 9],
  ])('reproduces worked example %s', (_name, payload, check) => {
    expect(mod10CheckDigit(payload)).toBe(check);
  });

  it.each([
    '9400111206206406260787',
    '9405803699300124287899',
    '9434611206206406227577',
    '9505511069605048600624',
    '9261292700768711948021',
    '92748931507708513018050063',
    '9361289878700317633795',
    '9205591234567800000011',
    '9300112345600000000019',
    '9400111201080805483016',
  ])('validates the real or worked tracking number %s listed in formats.md §1.4', (trackingNumber) => {
    expect(mod10CheckDigit(trackingNumber.slice(0, -1))).toBe(Number(trackingNumber.slice(-1)));
    expect(isValidImpbTrackingNumber(trackingNumber)).toBe(true);
  });

  it('refuses anything but digits', () => {
    expect(() => mod10CheckDigit('')).toThrow(/digit string/);
    expect(() => mod10CheckDigit('9205 5912')).toThrow(/digit string/);
  });
});

describe('buildImpb', () => {
  const priority = { channel: '92' as const, serviceTypeCode: '055', mailerId: SANDBOX_TEST_MAILER_ID };

  it('builds a 22-digit tracking number starting with the channel AI, STC and test Mailer ID, with a valid check digit', () => {
    const impb = buildImpb({ ...priority, zip5: '10001', serial: 1 });
    expect(impb.trackingNumber).toMatch(/^92055999999999\d{8}$/);
    expect(impb.trackingNumber).toHaveLength(22);
    expect(impb.trackingNumber.slice(14, 21)).toBe('0000001');
    expect(isValidImpbTrackingNumber(impb.trackingNumber)).toBe(true);
  });

  it('reproduces worked example A end to end: tracking number, HRI and GS1 element string', () => {
    const impb = buildImpb({ ...priority, mailerId: '912345678', zip5: '10001', serial: 1 });
    expect(impb).toEqual({
      trackingNumber: '9205591234567800000011',
      hri: '9205 5912 3456 7800 0000 11',
      barcodeData: '(420)10001(92)05591234567800000011',
      routingCode: '42010001',
    });
  });

  it('routes on ZIP+4 when the add-on is known, without changing the tracking number', () => {
    const zip5Only = buildImpb({ ...priority, zip5: '92688', serial: 42 });
    const zip9 = buildImpb({ ...priority, zip5: '92688', zip4: '1234', serial: 42 });
    expect(zip9.routingCode).toBe('420926881234');
    expect(zip9.barcodeData).toBe(`(420)926881234(92)${zip9.trackingNumber.slice(2)}`);
    expect(zip9.trackingNumber).toBe(zip5Only.trackingNumber);
  });

  it('reproduces worked example C on channel 93 with a 6-digit Mailer ID and 10-digit serial', () => {
    const impb = buildImpb({ channel: '93', serviceTypeCode: '001', mailerId: '123456', zip5: '20001', serial: 1 });
    expect(impb.trackingNumber).toBe('9300112345600000000019');
    expect(impb.barcodeData).toBe('(420)20001(93)00112345600000000019');
  });

  it('widens the serial to the 26-digit construct once it no longer fits 7 digits', () => {
    expect(buildImpb({ ...priority, zip5: '10001', serial: 9_999_999 }).trackingNumber).toHaveLength(22);
    const wide = buildImpb({ ...priority, zip5: '10001', serial: 10_000_000 });
    expect(wide.trackingNumber).toHaveLength(26);
    expect(wide.trackingNumber.slice(14, 25)).toBe('00010000000');
    expect(isValidImpbTrackingNumber(wide.trackingNumber)).toBe(true);
    expect(wide.hri).toBe(formatImpbHri(wide.trackingNumber));
    expect(wide.hri.split(' ').map((group) => group.length)).toEqual([4, 4, 4, 4, 4, 4, 2]);
  });

  it('refuses malformed fields with a message naming the field', () => {
    expect(() => buildImpb({ ...priority, zip5: '1000', serial: 1 })).toThrow(/ZIP must be 5 digits/);
    expect(() => buildImpb({ ...priority, zip5: '10001', zip4: '12', serial: 1 })).toThrow(/ZIP\+4/);
    expect(() => buildImpb({ ...priority, serviceTypeCode: '55', zip5: '10001', serial: 1 })).toThrow(/Service Type Code/);
    expect(() => buildImpb({ ...priority, mailerId: '123456', zip5: '10001', serial: 1 })).toThrow(/9-digit Mailer ID/);
    expect(() => buildImpb({ ...priority, mailerId: '812345678', zip5: '10001', serial: 1 })).toThrow(/starts with 9/);
    expect(() => buildImpb({ ...priority, zip5: '10001', serial: -1 })).toThrow(/serial/);
    expect(() => buildImpb({ ...priority, zip5: '10001', serial: 1.5 })).toThrow(/serial/);
    expect(() => buildImpb({ ...priority, zip5: '10001', serial: 100_000_000_000 })).toThrow(/does not fit 11 digits/);
  });
});

describe('isValidImpbTrackingNumber', () => {
  it('rejects a wrong check digit, a wrong length and a non-IMpb channel', () => {
    expect(isValidImpbTrackingNumber('9205591234567800000012')).toBe(false);
    expect(isValidImpbTrackingNumber('920559123456780000001')).toBe(false);
    expect(isValidImpbTrackingNumber('9105591234567800000011')).toBe(false);
  });
});

describe('parseUsZip', () => {
  it('splits ZIP and ZIP+4 and rejects anything else', () => {
    expect(parseUsZip('10001')).toEqual({ zip5: '10001', zip4: null });
    expect(parseUsZip(' 92688-1234 ')).toEqual({ zip5: '92688', zip4: '1234' });
    expect(parseUsZip('926881234')).toEqual({ zip5: '92688', zip4: '1234' });
    expect(parseUsZip('9268')).toBeNull();
    expect(parseUsZip('SW1A 1AA')).toBeNull();
  });
});
