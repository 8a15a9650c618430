import {
  courierTrackingHri,
  fedExCheckDigit,
  isSandboxFedExTrackingNumber,
  isSandboxUpsTrackingNumber,
  sandboxFedExTrackingNumber,
  sandboxUpsTrackingNumber,
  upsCheckDigit,
} from './courier-tracking-numbers';

const withWrongLastDigit = (number: string): string => `${number.slice(0, -1)}${(Number(number.at(-1)) + 1) % 10}`;

describe('UPS and FedEx check digits', () => {
  it("compute the couriers' published examples (jkeen/tracking_number_data)", () => {
    expect(upsCheckDigit('999AA1012345678')).toBe(4); // 1Z999AA10123456784
    expect(upsCheckDigit('5R8939035756712')).toBe(7); // 1Z5R89390357567127
    expect(fedExCheckDigit('98657878885')).toBe(5); // 986578788855
    expect(fedExCheckDigit('47717908123')).toBe(0); // 477179081230
  });
});

describe("the sandbox's UPS and FedEx tracking numbers", () => {
  it('are 1Z, a 6-character shipper, the 2-digit service code, 7 digits of the serial and the check digit for UPS', () => {
    const number = sandboxUpsTrackingNumber('03', 1_234_567);
    expect(number).toBe(`1ZSX000003${'1234567'}${upsCheckDigit('SX0000031234567')}`);
    expect(number).toHaveLength(18);
  });

  it('carry the serial above 7 digits in the shipper number, so ten million labels later the number differs', () => {
    expect(sandboxUpsTrackingNumber('01', 10_000_042)).not.toBe(sandboxUpsTrackingNumber('01', 42));
    expect(sandboxUpsTrackingNumber('01', 10_000_042).slice(2, 8)).toBe('SX0001');
  });

  it('are 12 digits under the prefix 99 with the check digit for FedEx', () => {
    const number = sandboxFedExTrackingNumber(4_321);
    expect(number).toMatch(/^99000004321\d$/);
    expect(fedExCheckDigit(number.slice(0, 11))).toBe(Number(number.at(-1)));
  });

  it('are drawn from the serial alone: the same serial, the same number', () => {
    expect(sandboxUpsTrackingNumber('02', 77)).toBe(sandboxUpsTrackingNumber('02', 77));
    expect(sandboxFedExTrackingNumber(77)).toBe(sandboxFedExTrackingNumber(77));
    expect(sandboxFedExTrackingNumber(78)).not.toBe(sandboxFedExTrackingNumber(77));
  });

  it('are known as the sandbox\'s, and a real courier\'s number or a wrong check digit is not', () => {
    const ups = sandboxUpsTrackingNumber('12', 9);
    const fedex = sandboxFedExTrackingNumber(9);
    expect(isSandboxUpsTrackingNumber(ups)).toBe(true);
    expect(isSandboxFedExTrackingNumber(fedex)).toBe(true);
    expect(isSandboxUpsTrackingNumber(withWrongLastDigit(ups))).toBe(false);
    expect(isSandboxFedExTrackingNumber(withWrongLastDigit(fedex))).toBe(false);
    expect(isSandboxUpsTrackingNumber('1Z999AA10123456784')).toBe(false);
    expect(isSandboxFedExTrackingNumber('986578788855')).toBe(false);
  });

  it('print in the couriers\' groups', () => {
    expect(courierTrackingHri('1ZSX00000312345674')).toBe('1Z SX0 000 03 1234 567 4');
    expect(courierTrackingHri('990000043214')).toBe('9900 0004 3214');
  });

  it('refuse a UPS service code that is not 2 digits', () => {
    expect(() => sandboxUpsTrackingNumber('3', 1)).toThrow('A UPS service code is 2 digits, got "3"');
  });
});
