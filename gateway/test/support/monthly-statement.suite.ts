import { formatUsd } from '@labeldesk/contracts';
import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, balanceOf, bulkRow, newBulkCustomer, submitBulk, waitForBulk, type Api } from './bulk-api';
import { buySingleLabel, eventually } from './lifecycle-api';
import { pdfText } from './pdf-text';

const thisMonth = (): string => new Date().toISOString().slice(0, 7);
const monthsFromNow = (months: number): string => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1)).toISOString().slice(0, 7);
};

/** The amounts on the statement line that says `what` (pdftotext -layout keeps a line's columns on one line). */
const amountsOn = (text: string, what: string | RegExp): string[] => {
  const line = text.split('\n').find((l) => (typeof what === 'string' ? l.includes(what) : what.test(l)));
  if (!line) throw new Error(`no line with ${String(what)} in:\n${text}`);
  return [...line.matchAll(/[+-]?\$[\d,]+\.\d\d/g)].map((m) => m[0]);
};

/**
 * Issue 49's monthly statement through the REST API: a seller's month (an admin's credit, a paid top-up, a label
 * bought and voided, a batch of two) is one PDF whose opening, lines and closing add up to the balance the account
 * shows; an empty month before the account existed, a future or malformed month, another seller's statement.
 */
export const describeMonthlyStatement = (mode: string, running: () => RunningSystem): void => {
  describe(`monthly statements (${mode} mode)`, () => {
    let call: Api;
    let adminToken = '';

    beforeAll(async () => {
      const system = running();
      call = apiClient(system.baseUrl);
      adminToken = await adminTokenOf(call, system);
    }, 60_000);

    const statement = (who: { token: string }, userId: string, month: string) => call('GET', `/statements/${userId}/${month}`, undefined, { token: who.token });

    it("prints the month's opening, every top-up, label, refund and batch label with the balance after it, and a closing that is the account's balance", async () => {
      const seller = await newBulkCustomer(call, adminToken, 5_000, 'statement');
      const invoice = await call('GET', `/payment/top-up/${seller.userId}?amount=2500`, undefined, { token: seller.token });
      expect(invoice.status).toBe(200);
      const invoiceId = String(invoice.body['id']);
      expect((await call('POST', `/payment/test-invoices/${invoiceId}/pay`, { outcome: 'paid' }, { token: seller.token })).status).toBe(200);
      await eventually(() => balanceOf(call, seller.token), (b) => b === 7_500, 30_000, 'the top-up credited');

      const kept = await buySingleLabel(call, seller);
      const voided = await buySingleLabel(call, seller);
      const afterLabels = await balanceOf(call, seller.token);
      const labelCents = (7_500 - afterLabels) / 2;
      expect((await call('POST', `/orders/${voided.orderId}/void`, undefined, { token: seller.token })).status).toBe(200);
      await eventually(() => balanceOf(call, seller.token), (b) => b === afterLabels + labelCents, 60_000, 'the void refunded');
      const { orderId: batchId } = await submitBulk(call, seller, [bulkRow(1), bulkRow(2)]);
      await waitForBulk(call, seller.token, batchId);
      const closing = await balanceOf(call, seller.token);

      const answer = await statement(seller, seller.userId, thisMonth());
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="Statement_${thisMonth()}.pdf"`);
      const text = pdfText(answer.bytes ?? Buffer.alloc(0));

      expect(text).toContain('Bulk Buyer');
      expect(text).toContain(seller.userId);
      expect(text).toMatch(/Page 1 of 1/);
      expect(amountsOn(text, /^\s*Opening balance\s+\$0\.00\s*$/)).toEqual(['$0.00']);
      expect(amountsOn(text, 'Balance adjusted by LabelDesk')).toEqual(['+$50.00', '$50.00']);
      expect(amountsOn(text, `Top-up (test money, invoice ${invoiceId})`)).toEqual(['+$25.00', '$75.00']);
      expect(amountsOn(text, `Label ${kept.trackingNumber} USPS Priority Mail`)).toEqual([formatUsd(-labelCents), formatUsd(7_500 - labelCents)]);
      expect(amountsOn(text, `Label ${voided.trackingNumber} USPS Priority Mail`)).toEqual([formatUsd(-labelCents), formatUsd(afterLabels)]);
      expect(amountsOn(text, `Refund of label ${voided.trackingNumber} USPS Priority Mail`)).toEqual([`+${formatUsd(labelCents)}`, formatUsd(afterLabels + labelCents)]);
      const batchLines = text.split('\n').filter((l) => /\d{2}-\d{2}-\d{4} \d{2}:\d{2}\s+Label \S+ USPS Priority Mail/.test(l));
      expect(batchLines).toHaveLength(4);
      expect(amountsOn(text, 'Top-ups (1)')).toEqual(['+$25.00']);
      expect(amountsOn(text, 'Labels bought (4)')).toEqual([formatUsd(closing - 7_500 - labelCents)]);
      expect(amountsOn(text, 'Refunds (1)')).toEqual([`+${formatUsd(labelCents)}`]);
      const closingLines = text.split('\n').filter((l) => /Closing balance/.test(l));
      expect(closingLines.map((l) => amountsOn(l, 'Closing balance'))).toEqual([[formatUsd(closing)], [formatUsd(closing)]]);
    }, 240_000);

    it('gives a month before the account existed as an empty statement whose opening is its closing', async () => {
      const seller = await newBulkCustomer(call, adminToken, 1_000, 'statement-empty');
      const answer = await statement(seller, seller.userId, monthsFromNow(-2));
      expect(answer.status).toBe(200);
      const text = pdfText(answer.bytes ?? Buffer.alloc(0));
      expect(text).toContain('No entries this month: the balance did not change.');
      expect(text.split('\n').filter((l) => /Opening balance|Closing balance/.test(l)).flatMap((l) => amountsOn(l, /balance/))).toEqual(['$0.00', '$0.00', '$0.00', '$0.00']);
    }, 60_000);

    it('refuses a month that has not begun and a malformed one with a 400 saying why', async () => {
      const seller = await newBulkCustomer(call, adminToken, 0, 'statement-bad');
      const future = await statement(seller, seller.userId, monthsFromNow(1));
      expect(future.status).toBe(400);
      expect(String(future.body['message'])).toContain('That month has not begun yet');
      const malformed = await statement(seller, seller.userId, '2026-13');
      expect(malformed.status).toBe(400);
      expect(String(malformed.body['message'])).toContain('YYYY-MM');
    }, 60_000);

    it("gives a seller's statement to them and to an admin, never to another seller", async () => {
      const seller = await newBulkCustomer(call, adminToken, 1_234, 'statement-owner');
      const other = await newBulkCustomer(call, adminToken, 0, 'statement-other');
      expect((await statement(other, seller.userId, thisMonth())).status).toBe(403);
      const asAdmin = await statement({ token: adminToken }, seller.userId, thisMonth());
      expect(asAdmin.status).toBe(200);
      const text = pdfText(asAdmin.bytes ?? Buffer.alloc(0));
      expect(text).toMatch(/statement-owner-\d+-\d+@example\.com/);
      expect(amountsOn(text, 'Balance adjusted by LabelDesk')).toEqual(['+$12.34', '$12.34']);
    }, 60_000);
  });
};
