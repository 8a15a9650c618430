import { centsToDecimal, decimalToCents } from './money-format';

describe('BTCPay amounts', () => {
  it('writes cents as a two-decimal string', () => {
    expect([centsToDecimal(500), centsToDecimal(1), centsToDecimal(123456)]).toEqual(['5.00', '0.01', '1234.56']);
  });

  it('reads decimal strings back to exact cents', () => {
    expect([decimalToCents('5'), decimalToCents('5.5'), decimalToCents('12.34'), decimalToCents('0.010')]).toEqual([500, 550, 1234, 1]);
  });

  it('refuses amounts it cannot represent exactly', () => {
    expect([decimalToCents('1.005'), decimalToCents('-1.00'), decimalToCents('1e3'), decimalToCents('')]).toEqual([null, null, null, null]);
  });
});
