import type { RunningSystem } from '@labeldesk/testing';
import { Client } from 'pg';
import { adminTokenOf, apiClient, balanceOf, bulkRow, newBulkCustomer, SINGLE_LABEL_ORDER, submitBulk, waitForBulk, type Api } from './bulk-api';
import { eventually } from './lifecycle-api';
import { pdfText } from './pdf-text';

type Body = Record<string, unknown>;
const LABEL_CENTS = 850;

/**
 * The sandbox as these tests set it: half of its labels are scanned at once (a claim needs a parcel the carrier has
 * had; a void, one it has not), its simulated insurer decides a claim at its first look, and claims are looked at
 * every second.
 */
export const INSURANCE_CLAIMS_ENV: NodeJS.ProcessEnv = {
  SANDBOX_TRACKING_SHARE: '0.5',
  SANDBOX_SCAN_AFTER_SECONDS: '0',
  TRACKING_POLL_SECONDS: '1',
  CLAIMS_CHECK_SECONDS: '1',
  SANDBOX_CLAIM_DECIDE_SECONDS: '0',
};

const buy = async (call: Api, who: { token: string }, change: Body = {}) =>
  call('POST', '/orders/v2', { ...SINGLE_LABEL_ORDER, ...change }, { token: who.token, 'Idempotency-Key': `claims-${Date.now()}-${Math.random()}` });

/**
 * Buys labels with these extras until one the sandbox scanned at once (`used`) or one it left unscanned, as asked;
 * answers its order id. The sandbox scans half of them, decided per label.
 */
const buyUntil = async (call: Api, who: { token: string }, change: Body, used: boolean): Promise<string> => {
  for (let tries = 0; tries < 30; tries++) {
    const bought = await buy(call, who, change);
    if (bought.status !== 200) throw new Error(`label purchase answered ${bought.status} ${JSON.stringify(bought.body)}`);
    const orderId = String((bought.body['data'] as Body)['orderId']);
    const tracking = await call('GET', `/orders/${orderId}/tracking`, undefined, { token: who.token });
    if (tracking.body['used'] === used) return orderId;
  }
  throw new Error(`the sandbox sold no ${used ? 'scanned' : 'unscanned'} label in 30 tries`);
};

/** The payouts of a user's claims in the ledger, read from the database (distributed mode). */
const payoutsOf = async (databaseUrl: string, userId: string) => {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ key: string; cents: string }>(`select idempotency_key as key, amount_cents as cents from payments.ledger_entries where user_id = $1 and kind = 'claim_payout'`, [userId]);
    return rows.map((r) => ({ key: r.key, cents: Number(r.cents) }));
  } finally {
    await db.end();
  }
};

/** The label charges of a batch's items in the ledger, by item id (distributed mode: read from the database). */
const bulkChargesOf = async (databaseUrl: string, userId: string) => {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ key: string; cents: string }>(`select idempotency_key as key, amount_cents as cents from payments.ledger_entries where user_id = $1 and idempotency_key like 'bulk-item:%'`, [userId]);
    return new Map(rows.map((r) => [r.key.slice('bulk-item:'.length), Math.abs(Number(r.cents))]));
  } finally {
    await db.end();
  }
};

/** Puts a paid claim back to approved, as if orders had crashed after the credit and before marking it paid. */
const unmarkPaid = async (databaseUrl: string, claimId: string) => {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`update orders.claims set state = 'approved', paid_at = null, next_check_at = now() where id = $1`, [claimId]);
  } finally {
    await db.end();
  }
};

/** Insurance, signatures and claims (decision 102) through the REST API of a running system. */
export const describeInsuranceClaims = (mode: string, running: () => RunningSystem & { databaseUrl?: string }): void => {
  describe(`insurance, signatures and claims (${mode} mode)`, () => {
    let call: Api;
    let adminToken: string;
    const customer = async () => newBulkCustomer(call, adminToken, 100_000, 'claims');
    /** This month's statement as its PDF reads: the ledger's lines for the customer. */
    const statementText = async (who: { token: string; userId: string }) => {
      const statement = await call('GET', `/statements/${who.userId}/${new Date().toISOString().slice(0, 7)}`, undefined, { token: who.token });
      expect(statement.status).toBe(200);
      return pdfText(statement.bytes ?? Buffer.alloc(0));
    };
    const claimOf = (who: { token: string }, claimId: string) => call('GET', `/claims/${claimId}`, undefined, { token: who.token });

    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      adminToken = await adminTokenOf(call, running());
    });

    it('prices insurance and a signature before buying, then charges them with the label in its one ledger entry, in exact cents', async () => {
      const who = await customer();
      const quote = await call('POST', '/orders/extra-services/quote', { service_name: 'USPS Priority Mail', insurance: { declared_value_cents: 25_000 }, signature: 'signature' }, { token: who.token });
      expect(quote).toMatchObject({ status: 200, body: { insuranceCents: 250, signatureCents: 365, totalCents: 615 } });
      const before = await balanceOf(call, who.token);
      const bought = await buy(call, who, { insurance: { declared_value_cents: 25_000 }, signature: 'signature' });
      expect(bought.status).toBe(200);
      expect((bought.body['data'] as Body)['price']).toBe(LABEL_CENTS + 615);
      expect(await balanceOf(call, who.token)).toBe(before - LABEL_CENTS - 615);
      // The month's statement (the ledger's lines) shows the one charge of label and insurance together.
      const text = await statementText(who);
      expect(text).toMatch(/Labels bought \(1\)\s+-\$14\.65/);
      expect(text).toMatch(/Label \d+ USPS Priority Mail\s+-\$14\.65/);
      const insured = await call('GET', '/claims/insured-labels', undefined, { token: who.token });
      expect(insured.body['labels']).toEqual([
        expect.objectContaining({ orderId: (bought.body['data'] as Body)['orderId'], insuredValueCents: 25_000, insuranceCents: 250, signature: 'signature', claimId: null }),
      ]);
    });

    it('sells adult signature on Ground Advantage and refuses signature confirmation on Priority Mail Express saying why, charging nothing', async () => {
      const who = await customer();
      const ground = await buy(call, who, { service_name: 'USPS Ground Advantage', signature: 'adult' });
      expect(ground.status).toBe(200);
      const before = await balanceOf(call, who.token);
      const express = await buy(call, who, { service_name: 'USPS Priority Mail Express', signature: 'signature' });
      expect(express.status).toBe(400);
      expect(express.body['message']).toBe('USPS Priority Mail Express is signed for at delivery already; signature confirmation is not sold with it (choose adult signature or none)');
      expect(await balanceOf(call, who.token)).toBe(before);
      const quote = await call('POST', '/orders/extra-services/quote', { service_name: 'USPS Priority Mail Express', signature: 'signature' }, { token: who.token });
      expect([quote.status, quote.body['message']]).toEqual([400, express.body['message']]);
    });

    it('files a damaged claim on an insured label, which the insurer approves and the ledger credits once, even when the decision is made again', async () => {
      const who = await customer();
      const orderId = await buyUntil(call, who, { insurance: { declared_value_cents: 25_000 } }, true);
      const before = await balanceOf(call, who.token);
      const filed = await call('POST', `/orders/${orderId}/claims`, { type: 'damaged', amount_cents: 12_345, description: 'The box arrived crushed and the lamp inside is broken' }, { token: who.token });
      expect(filed.status).toBe(201);
      expect(filed.body).toMatchObject({ orderId, type: 'damaged', amountCents: 12_345, insuredValueCents: 25_000, state: 'submitted', approvedCents: null });
      const claimId = String(filed.body['id']);
      const paid = await eventually(() => claimOf(who, claimId), (answer) => answer.body['state'] === 'paid', 30_000, 'the claim paid');
      expect(paid.body).toMatchObject({ state: 'paid', approvedCents: 12_345, paidAt: expect.any(String), decidedAt: expect.any(String) });
      expect(await balanceOf(call, who.token)).toBe(before + 12_345);
      // A second claim on the same label is refused while this one lives.
      const again = await call('POST', `/orders/${orderId}/claims`, { type: 'lost', amount_cents: 100, description: 'Asking a second time for the same parcel' }, { token: who.token });
      expect(again.status).toBe(409);
      const list = await call('GET', '/claims', undefined, { token: who.token });
      expect((list.body['claims'] as Body[]).map((c) => [c['id'], c['state']])).toEqual([[claimId, 'paid']]);
      const databaseUrl = running().databaseUrl;
      if (databaseUrl) {
        // Orders crashed after the credit, before marking the claim paid: the decider pays it again under the same key.
        await unmarkPaid(databaseUrl, claimId);
        await eventually(() => claimOf(who, claimId), (answer) => answer.body['state'] === 'paid', 30_000, 'the claim paid again');
        expect(await payoutsOf(databaseUrl, who.userId)).toEqual([{ key: `claim:${claimId}`, cents: 12_345 }]);
      }
      expect(await balanceOf(call, who.token)).toBe(before + 12_345);
      const text = await statementText(who);
      expect(text.match(/Insurance claim \S+ paid/g)).toEqual([`Insurance claim ${claimId.slice(0, 8)} paid`]);
      expect(text).toMatch(/Insurance claims paid \(1\)\s+\+\$123\.45/);
    });

    it('gives the insurance and the signature back with the label when it is voided, and refuses a claim on the voided label or on one never scanned', async () => {
      const who = await customer();
      const extras = { insurance: { declared_value_cents: 25_000 }, signature: 'adult' };
      const unscanned = await buyUntil(call, who, extras, false);
      const beforeClaim = await balanceOf(call, who.token);
      const early = await call('POST', `/orders/${unscanned}/claims`, { type: 'lost', amount_cents: 100, description: 'It has not arrived yet at all' }, { token: who.token });
      expect([early.status, early.body['message']]).toEqual([400, 'The carrier has no scan of this parcel: a label never handed over is voided for a refund, not claimed']);
      const voided = await call('POST', `/orders/${unscanned}/void`, undefined, { token: who.token });
      expect(voided.status).toBe(200);
      // $8.50 + $2.50 insurance + $9.25 adult signature, all of it back.
      expect(voided.body).toMatchObject({ amount: LABEL_CENTS + 250 + 925 });
      await eventually(() => balanceOf(call, who.token), (balance) => balance === beforeClaim + LABEL_CENTS + 250 + 925, 30_000, 'the refund');
      const late = await call('POST', `/orders/${unscanned}/claims`, { type: 'lost', amount_cents: 100, description: 'It has not arrived yet at all' }, { token: who.token });
      expect([late.status, late.body['message']]).toEqual([400, 'This label was voided: a voided label carries no insurance']);
      expect((await call('GET', '/claims/insured-labels', undefined, { token: who.token })).body['labels']).toEqual([]);
    });

    it('buys a batch whose rows declare values: each label charged once with its insurance, a row that cannot be insured refused alone, a claim paid on a batch label and a void refunding one (decision 122)', async () => {
      const who = await customer();
      const insured = (i: number, cents: number) => ({ ...bulkRow(i), insurance: { declared_value_cents: cents } });
      const toCanada = {
        ...insured(9, 5_000),
        service_name: 'USPS Priority Mail International',
        receiver: { receiver_name: 'Chloé Tremblay', receiver_address1: '24 Sussex Dr', receiver_city: 'Ottawa', receiver_state_province: 'ON', receiver_zip_postal: 'K1M 1M4', receiver_country: 'CA' },
        customs: { contents_type: 'merchandise', signer: 'Ann Sender', items: [{ description: 'Mug', quantity: 1, value_cents: 5_000, weight_lb: 2, hs_tariff_number: '691200', origin_country: 'CN' }] },
      };
      // Ten insured rows (the sandbox scans about half of its labels: a claim needs a scanned one, a void an unscanned one), one plain, one abroad.
      const declared = [25_000, 4_000, 12_345, ...Array.from({ length: 7 }, () => 25_000)];
      const fees = [250, 100, 124, ...Array.from({ length: 7 }, () => 250)];
      const rows = [...declared.map((cents, i) => insured(i, cents)), bulkRow(10), toCanada];
      const before = await balanceOf(call, who.token);
      const { orderId, processed } = await submitBulk(call, who, rows as never);
      expect(processed.status).toBe(200);
      expect(String(processed.body['message'])).toContain('11 label(s) are being bought. 1 row(s) failed: their service cannot be insured.');
      // The hold is the labels' prices with their insurance, the refused row left out.
      expect(processed.body['costCents']).toBe(11 * LABEL_CENTS + fees.reduce((a, b) => a + b, 0));
      const done = await waitForBulk(call, who.token, orderId);
      expect(done).toMatchObject({ status: 'completed_with_errors', processedCount: 11, failedCount: 1 });
      expect(done.failedLabels).toEqual([expect.objectContaining({ row: 12, recipient: 'Chloé Tremblay', error: 'USPS Priority Mail International cannot be insured here: insurance is sold on US domestic labels only' })]);
      expect(before - (await balanceOf(call, who.token))).toBe(processed.body['costCents']);

      // Each insured label is listed by its item's id with what it insures.
      const listed = (await call('GET', '/claims/insured-labels', undefined, { token: who.token })).body['labels'] as Body[];
      expect(listed.map((label) => label['insuredValueCents']).sort()).toEqual([...declared].sort());
      expect(listed.map((label) => label['insuranceCents']).sort()).toEqual([...fees].sort());
      const databaseUrl = running().databaseUrl;
      if (databaseUrl) {
        // One ledger charge per label, its insurance in it.
        const charges = await bulkChargesOf(databaseUrl, who.userId);
        expect(charges.size).toBe(11);
        for (const label of listed) expect(charges.get(String(label['orderId']))).toBe(LABEL_CENTS + Number(label['insuranceCents']));
      }

      // A claim on a scanned batch label (an unscanned one is refused saying so) is approved and credited once.
      const balanceBeforePayouts = await balanceOf(call, who.token);
      const scanned: Body[] = [];
      const unscanned: Body[] = [];
      for (const label of listed) {
        const tracking = await eventually(
          () => call('POST', `/orders/${String(label['orderId'])}/claims`, { type: 'lost', amount_cents: 1_000, description: 'Never arrived at the address' }, { token: who.token }),
          (answer) => answer.status === 201 || (answer.status === 400 && String(answer.body['message']).startsWith('The carrier has no scan')),
          30_000,
          'an answer to the claim',
        );
        (tracking.status === 201 ? scanned : unscanned).push({ ...label, claim: tracking.body });
      }
      if (scanned.length === 0 || unscanned.length === 0) throw new Error(`the sandbox scanned ${scanned.length} of ${listed.length} labels: run again`);
      for (const label of scanned) {
        const claimId = String((label['claim'] as Body)['id']);
        await eventually(() => claimOf(who, claimId), (answer) => answer.body['state'] === 'paid', 30_000, 'the claim paid');
      }
      expect(await balanceOf(call, who.token)).toBe(balanceBeforePayouts + scanned.length * 1_000);

      // Voiding an unscanned batch label gives back its price and its insurance.
      const toVoid = unscanned[0] ?? {};
      const beforeVoid = await balanceOf(call, who.token);
      const voided = await call('POST', `/orders/bulk/${orderId}/void`, { trackingNumbers: [toVoid['trackingNumber']] }, { token: who.token });
      expect(voided.status).toBe(200);
      expect(voided.body['results']).toEqual([expect.objectContaining({ trackingNumber: toVoid['trackingNumber'], amount: LABEL_CENTS + Number(toVoid['insuranceCents']) })]);
      await eventually(() => balanceOf(call, who.token), (balance) => balance === beforeVoid + LABEL_CENTS + Number(toVoid['insuranceCents']), 30_000, 'the refund');
    }, 180_000);

    it('refuses a claim over the insured value, on an uninsured label and on another seller\'s label, moving no money', async () => {
      const who = await customer();
      const insuredId = await buyUntil(call, who, { insurance: { declared_value_cents: 5_000 } }, true);
      const plainId = await buyUntil(call, who, {}, true);
      const before = await balanceOf(call, who.token);
      const over = await call('POST', `/orders/${insuredId}/claims`, { type: 'lost', amount_cents: 5_001, description: 'Never arrived at the address' }, { token: who.token });
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({ message: 'A claim can ask at most the insured value, $50.00', issues: [{ path: 'amount_cents', message: 'A claim can ask at most the insured value, $50.00' }] });
      const uninsured = await call('POST', `/orders/${plainId}/claims`, { type: 'lost', amount_cents: 100, description: 'Never arrived at the address' }, { token: who.token });
      expect([uninsured.status, uninsured.body['message']]).toEqual([400, 'This label was bought without insurance: only an insured label can be claimed']);
      const stranger = await customer();
      const foreign = await call('POST', `/orders/${insuredId}/claims`, { type: 'lost', amount_cents: 100, description: 'Never arrived at the address' }, { token: stranger.token });
      expect(foreign.status).toBe(404);
      const badBody = await call('POST', `/orders/${insuredId}/claims`, { type: 'stolen', amount_cents: '100', description: 'x' }, { token: who.token });
      expect(badBody.status).toBe(400);
      expect(await balanceOf(call, who.token)).toBe(before);
      expect((await call('GET', '/claims', undefined, { token: who.token })).body['claims']).toEqual([]);
      expect((await call('GET', `/claims/user/${who.userId}`, undefined, { token: stranger.token })).status).toBe(403);
    });
  });
};

