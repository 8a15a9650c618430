import { formatUsd, insufficientBalanceMessage } from './money';

describe('formatUsd', () => {
  it('writes cents as dollars with two decimals and thousands separators', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(2600)).toBe('$26.00');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-250)).toBe('-$2.50');
  });
});

describe('insufficientBalanceMessage', () => {
  it('says what it costs, what the balance is and how much is missing', () => {
    expect(insufficientBalanceMessage('this label', 2600, 300)).toBe(
      'Insufficient balance: this label costs $26.00 and your balance is $3.00. Add $23.00 to continue.',
    );
  });

  it('falls back to a plain refusal when the balance has meanwhile grown enough', () => {
    expect(insufficientBalanceMessage('this label', 500, 900)).toBe('Insufficient balance: please top up your account');
  });
});
