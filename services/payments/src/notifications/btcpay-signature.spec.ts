import { signBtcpayBody, verifyBtcpaySignature } from './btcpay-signature';

// The test vector in the research notes, checked there with Node crypto and Python hmac.
const body =
  '{\n  "deliveryId": "D1",\n  "webhookId": "W1",\n  "originalDeliveryId": "D1",\n  "isRedelivery": false,\n  "type": "InvoiceSettled",\n  "timestamp": 1700562873,\n  "storeId": "S1",\n  "invoiceId": "I1",\n  "metadata": {\n    "orderId": "topup_1"\n  },\n  "manuallyMarked": false,\n  "overPaid": false\n}';

describe('BTCPay-Sig', () => {
  it('reproduces the reference signature of the 289-byte test body', () => {
    expect(Buffer.byteLength(body)).toBe(289);
    expect(signBtcpayBody('whsec_test', body)).toBe('sha256=e5986dee6c127362e9f42023ebe72844bfd5ef0674557798ed6dca32ee7a2e39');
  });

  it('accepts the right signature in any letter case', () => {
    expect(verifyBtcpaySignature('whsec_test', body, 'SHA256=E5986DEE6C127362E9F42023EBE72844BFD5EF0674557798ED6DCA32EE7A2E39')).toBe(true);
  });

  it('refuses a body changed by one byte, another secret, or a malformed header', () => {
    const signature = signBtcpayBody('whsec_test', body);
    expect(verifyBtcpaySignature('whsec_test', body.replace('I1', 'I2'), signature)).toBe(false);
    expect(verifyBtcpaySignature('another', body, signature)).toBe(false);
    expect(verifyBtcpaySignature('whsec_test', body, '')).toBe(false);
    expect(verifyBtcpaySignature('whsec_test', body, 'sha256=')).toBe(false);
  });
});
