import { FakeBtcpayServer } from './fake-btcpay.server';

describe('FakeBtcpayServer', () => {
  it('signs exactly like BTCPay: the research test vector', () => {
    const fake = new FakeBtcpayServer('S1', 'key', 'whsec_test');
    const body =
      '{\n  "deliveryId": "D1",\n  "webhookId": "W1",\n  "originalDeliveryId": "D1",\n  "isRedelivery": false,\n  "type": "InvoiceSettled",\n  "timestamp": 1700562873,\n  "storeId": "S1",\n  "invoiceId": "I1",\n  "metadata": {\n    "orderId": "topup_1"\n  },\n  "manuallyMarked": false,\n  "overPaid": false\n}';
    expect(fake.sign(body)).toBe('sha256=e5986dee6c127362e9f42023ebe72844bfd5ef0674557798ed6dca32ee7a2e39');
  });
});
