import { settledMoneyText, testInvoiceStage } from './test-invoice-outcome';

describe("the test invoice dialog's stage", () => {
  it('is settled or expired once the invoice says so', () => {
    expect(testInvoiceStage('Settled')).toBe('settled');
    expect(testInvoiceStage('Expired')).toBe('expired');
  });

  it('stays open while the invoice is unread, new or processing', () => {
    expect(testInvoiceStage(undefined)).toBe('open');
    expect(testInvoiceStage('New')).toBe('open');
    expect(testInvoiceStage('Processing')).toBe('open');
  });
});

describe("the settled alert's words", () => {
  it('name the amount added when it is known', () => {
    expect(settledMoneyText(2_500)).toBe('$25.00 of test money was added to your balance.');
  });

  it('speak of the test money when the amount is not known', () => {
    expect(settledMoneyText(undefined)).toBe('The test money was added to your balance.');
  });
});
