import { errorAnswer, NOT_FOUND, type FakeAnswer, type FakeFieldError } from './errors';
import { dollarsToCents, moneyString } from './extras';
import { easyPostRecordedBody } from './recorded';
import { hexId, type Json } from './shipment-json';

/**
 * EasyPost's Claims API as the fake answers it (decision 112): `POST /v2/claims` checked against easypost-node's
 * `types/Claim/ClaimCreateParameters.d.ts`, answered and read back (`GET /v2/claims/:id`) as the recorded Claim
 * (recorded/claim.json). A claim is decided by the test (`decide`), as EasyPost's claims team would days later.
 */

export type FakeClaimStatus = 'submitted' | 'in_review' | 'approved' | 'approved_partial' | 'rejected' | 'cancelled';

const TYPES = ['damage', 'loss', 'theft'];
const PAYMENT_METHODS = ['mailed_check', 'easypost_wallet'];
const ATTACHMENT_LISTS = ['email_evidence_attachments', 'invoice_attachments', 'supporting_documentation_attachments'] as const;
/** A base64 file, bare or as a data URL (the recorded request sent `data:image/png;base64,…`). */
const BASE64_FILE = /^(data:(image\/(png|jpeg|gif)|application\/pdf);base64,)?[A-Za-z0-9+/]+={0,2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the claims need of the ledger: a sold label by tracking code, with its insured amount. */
export type SoldLabelLookup = (trackingCode: string) => { shipmentId: string; insuredCents: number | null; refunded: boolean } | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
/** EasyPost's timestamps on a Claim have no zone (recorded `2024-07-30T16:10:52`). */
const claimTime = (): string => new Date().toISOString().slice(0, 19);

const invalid = (errors: FakeFieldError[]): FakeAnswer => errorAnswer({ status: 422, code: 'PARAMETER.INVALID', message: 'Invalid parameter.', errors });

export class FakeEasyPostClaims {
  private readonly claims = new Map<string, Json>();
  private readonly uploads: () => string;

  constructor(
    baseUrl: () => string,
    private readonly soldLabel: SoldLabelLookup,
  ) {
    this.uploads = () => `${baseUrl()}/files/insurance`;
  }

  get count(): number {
    return this.claims.size;
  }

  create(body: unknown): FakeAnswer {
    if (!isRecord(body)) return errorAnswer({ status: 422, code: 'PARAMETER.REQUIRED', message: 'Missing required parameter.', errors: [{ field: 'claim', message: 'cannot be blank' }] });
    const missing: FakeFieldError[] = [];
    for (const field of ['tracking_code', 'type', 'amount', 'description', 'contact_email']) {
      if (body[field] === undefined || body[field] === null || (typeof body[field] === 'string' && body[field].trim() === '')) missing.push({ field, message: 'cannot be blank' });
    }
    const type = body['type'];
    // Claims.d.ts: supporting documents are "Required if the type is damage or theft".
    const supporting = body['supporting_documentation_attachments'];
    if ((type === 'damage' || type === 'theft') && !(Array.isArray(supporting) && supporting.length > 0)) missing.push({ field: 'supporting_documentation_attachments', message: 'cannot be blank for a damage or theft claim' });
    if (missing.length > 0) return errorAnswer({ status: 422, code: 'PARAMETER.REQUIRED', message: 'Missing required parameter.', errors: missing });

    const errors: FakeFieldError[] = [];
    if (typeof type !== 'string' || !TYPES.includes(type)) errors.push({ field: 'type', message: `must be one of ${TYPES.join(', ')}` });
    if (!(typeof body['contact_email'] === 'string' && EMAIL.test(body['contact_email']))) errors.push({ field: 'contact_email', message: 'must be an e-mail address' });
    const method = body['payment_method'];
    if (method !== undefined && !(typeof method === 'string' && PAYMENT_METHODS.includes(method))) errors.push({ field: 'payment_method', message: `must be one of ${PAYMENT_METHODS.join(', ')}` });
    if (body['recipient_name'] !== undefined && isBlank(body['recipient_name'])) errors.push({ field: 'recipient_name', message: 'must be a name' });
    const attachments: string[] = [];
    for (const list of ATTACHMENT_LISTS) {
      const files = body[list];
      if (files === undefined) continue;
      if (!Array.isArray(files) || !files.every((file) => typeof file === 'string' && BASE64_FILE.test(file))) errors.push({ field: list, message: 'must be a list of base64-encoded PNG, JPEG, GIF or PDF files' });
      else attachments.push(...files.map(() => `${this.uploads()}/${claimTime().slice(0, 10).replace(/-/g, '')}/${hexId('f').slice(2)}.png`));
    }
    const amountCents = dollarsToCents(body['amount']);
    if (amountCents === null || amountCents <= 0) errors.push({ field: 'amount', message: 'must be an amount of dollars greater than 0' });
    const label = typeof body['tracking_code'] === 'string' ? this.soldLabel(body['tracking_code']) : undefined;
    if (!label) errors.push({ field: 'tracking_code', message: 'is not a label bought through this account' });
    else if (label.insuredCents === null) errors.push({ field: 'tracking_code', message: 'was not insured through EasyPost' });
    else if (label.refunded) errors.push({ field: 'tracking_code', message: 'was refunded' });
    else if (amountCents !== null && amountCents > label.insuredCents) errors.push({ field: 'amount', message: `must be at most the insured amount, ${moneyString(label.insuredCents)}` });
    if (errors.length > 0 || !label || label.insuredCents === null) return invalid(errors);

    const now = claimTime();
    const claim: Json = {
      ...(easyPostRecordedBody('claim', 'created') as Json),
      id: hexId('clm'),
      approved_amount: null,
      attachments,
      contact_email: body['contact_email'],
      created_at: now,
      updated_at: now,
      description: body['description'],
      history: [{ status: 'submitted', status_detail: 'Claim was created.', timestamp: now }],
      insurance_amount: moneyString(label.insuredCents),
      insurance_id: hexId('ins'),
      payment_method: typeof method === 'string' ? method : 'easypost_wallet',
      requested_amount: moneyString(amountCents ?? 0),
      shipment_id: label.shipmentId,
      status: 'submitted',
      status_detail: 'Claim was created.',
      status_timestamp: now,
      tracking_code: body['tracking_code'],
      type,
    };
    this.claims.set(String(claim['id']), claim);
    return { status: 201, body: claim };
  }

  get(claimId: string): FakeAnswer {
    const claim = this.claims.get(claimId);
    return claim ? { status: 200, body: claim } : NOT_FOUND;
  }

  /** The claims filed on a tracking code, oldest first. */
  filedOn(trackingCode: string): Json[] {
    return [...this.claims.values()].filter((claim) => claim['tracking_code'] === trackingCode);
  }

  /** Moves a claim on, with the reimbursement approved (its whole request unless told) or the reason given. */
  decide(claimId: string, status: Exclude<FakeClaimStatus, 'submitted'>, detail: string, approvedCents?: number): void {
    const claim = this.claims.get(claimId);
    if (!claim) throw new Error(`the fake holds no claim ${claimId}`);
    const now = claimTime();
    const approved = status === 'approved' || status === 'approved_partial' ? (approvedCents ?? dollarsToCents(claim['requested_amount']) ?? 0) : null;
    Object.assign(claim, {
      status,
      status_detail: detail,
      status_timestamp: now,
      updated_at: now,
      approved_amount: approved === null ? null : moneyString(approved),
      history: [...(claim['history'] as Json[]), { status, status_detail: detail, timestamp: now }],
    });
  }
}
