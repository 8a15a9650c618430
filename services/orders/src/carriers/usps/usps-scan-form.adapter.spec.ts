import { FAKE_USPS_ACCOUNT, type ScriptedHttp, type ScriptedReply, startScriptedHttp } from '@labeldesk/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScanFormRequest } from '../carrier.port';
import { UspsCarrierAdapter } from './usps.adapter';

const payloadText = (name: string) => readFileSync(join(__dirname, 'payloads', name), 'utf8');
const FORM_PATH = '/scan-forms/v3/scan-form';

const form: ScanFormRequest = {
  formId: 'form-1',
  mailingDate: '2026-11-20',
  from: { name: 'Ada Lovelace', company: null, phone: null, street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
  labels: [{ trackingNumber: '9205590109769900012613', carrierRefs: {} }],
};

const SPEC_METADATA = JSON.stringify({ mailingDate: '2026-11-20', manifestNumber: '9475038234567000031430', trackingNumbers: ['9205590109769900012613'] });
const multipartOf = (...parts: string[]) => ({ 'Content-Type': 'multipart/form-data; boundary=b', body: `${parts.map((part) => `--b\r\n${part}\r\n`).join('')}--b--\r\n` });
const metadataPart = (json: string) => `Content-Type: application/json\r\nContent-Disposition: form-data; name="SCANFormMetaData"\r\n\r\n${json}`;

describe('UspsCarrierAdapter: SCAN forms against stored USPS answers', () => {
  let stub: ScriptedHttp;
  let answer: ScriptedReply;
  let tokenReply: ScriptedReply;
  const adapter = (timeoutMs = 10_000) =>
    new UspsCarrierAdapter({ apiUrl: stub.url, ...FAKE_USPS_ACCOUNT, timeoutMs, shipperOf: () => ({ platformUserId: 'u', email: 'ada@example.com', phone: '6145550142' }) });
  const formRequests = () => stub.requests.filter((request) => request.path === FORM_PATH);

  beforeEach(async () => {
    tokenReply = { status: 200, body: payloadText('token.json') };
    stub = await startScriptedHttp((request) => {
      if (request.path === '/oauth2/v3/token') return tokenReply;
      if (request.path === '/payments/v3/payment-authorization') return { status: 200, body: payloadText('payment-authorization.json') };
      return request.path === FORM_PATH ? answer : { status: 404 };
    });
  });
  afterEach(() => stub.close());

  it("makes the form from USPS's own sample answer, and sends the facility type the spec requires", async () => {
    answer = { status: 200, headers: { 'Content-Type': 'multipart/form-data; boundary=9oxGwpVpWyl-C7mImcElxzrQ' }, body: payloadText('scan-form.usps-example.multipart') };
    const outcome = await adapter().scanForm(form);
    expect(outcome).toMatchObject({ kind: 'created', barcode: 'XXXXXXXXXXXXXXXXXXXXXXXXXX', carrierRefs: { scanFormNumber: 'XXXXXXXXXXXXXXXXXXXXXXXXXX' } });
    expect(JSON.parse(formRequests()[0]?.body ?? '{}')).toMatchObject({ destinationEntryFacilityType: 'NONE', entryFacilityZIPCode: '43215' });
  });

  it.each([
    ['metadata naming the form but no image', multipartOf(metadataPart(SPEC_METADATA)), { message: 'USPS answered SCAN form 9475038234567000031430 without its image', barcode: '9475038234567000031430', carrierRefs: { scanFormNumber: '9475038234567000031430' } }],
    ['no metadata USPS publishes', multipartOf(metadataPart('{"SCANFormNumber":"1"}')), { message: 'USPS answered the SCAN form (multipart) without its manifestNumber', barcode: null, carrierRefs: {} }],
  ])('says unconfirmed, never unknown, for a 2xx with %s: the form may exist and is never asked again', async (_, { body, ...headers }, expected) => {
    answer = { status: 200, headers, body };
    expect(await adapter().scanForm(form)).toEqual({ kind: 'unconfirmed', ...expected });
  });

  it.each([
    ['no answer in time', 'hang' as const],
    ['a reset connection', 'reset' as const],
  ])('says unconfirmed when the request was sent and got %s', async (_, reply) => {
    answer = reply;
    // Long enough for the sign-in calls on a busy machine: only the form's own request may hang.
    expect(await adapter(2000).scanForm(form)).toMatchObject({ kind: 'unconfirmed', barcode: null, carrierRefs: {}, message: expect.stringContaining('USPS may have made the SCAN form') });
  });

  it('says unknown when the sign-in got no answer: the form itself was never sent', async () => {
    tokenReply = 'reset';
    expect(await adapter().scanForm(form)).toMatchObject({ kind: 'unknown', message: expect.stringContaining('The SCAN form was not asked for: the sign-in (OAuth token) failed first') });
    expect(formRequests()).toEqual([]);
  });

  it("refuses with USPS's words on a 400", async () => {
    const detail = 'barcode 9205590109769900012613 is already part of another SCAN Form with efn 9475038234567000031430';
    answer = { status: 400, body: { apiVersion: '/scan-forms/v3', error: { code: '400', message: 'Bad Request', errors: [{ code: '160040', detail, source: { parameter: 'scanFormEfn' } }] } } };
    expect(await adapter().scanForm(form)).toEqual({ kind: 'refused', message: detail });
  });

  it.each([
    ['a spent hourly quota (429)', { status: 429, headers: { 'Retry-After': '60' }, body: payloadText('error.rate-limited.json') }, "USPS's hourly API quota is used up (HTTP 429 at the SCAN form): no form was made; try again in 60 s"],
    ['a 503', { status: 503, body: { apiVersion: '/scan-forms/v3', error: { code: '503', message: 'Service Unavailable' } } }, 'USPS made no SCAN form: HTTP 503: Service Unavailable'],
  ])('says unknown (no form made, may be asked again) for %s', async (_, reply, message) => {
    answer = reply;
    expect(await adapter().scanForm(form)).toEqual({ kind: 'unknown', message });
  });

  it('says unknown when USPS cannot be reached: the request never left', async () => {
    const url = stub.url;
    await stub.close();
    const closed = new UspsCarrierAdapter({ apiUrl: url, ...FAKE_USPS_ACCOUNT, timeoutMs: 10_000, shipperOf: () => null });
    expect(await closed.scanForm(form)).toMatchObject({ kind: 'unknown', message: expect.stringContaining('ECONNREFUSED') });
  });
});
