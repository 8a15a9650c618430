import type { ClaimType } from '@labeldesk/contracts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { CarrierClaimDesk, CarrierClaimToFile } from '../plugin/carrier-plugin';
import { dollarsOfCents } from './easypost-extras';
import { failureText } from './easypost-outcomes';
import type { EasyPostClient } from './easypost.client';
import { microsOf, refusalMessageOf } from './easypost.mapper';

/**
 * Claims on labels EasyPost insured, through its Claims API (decision 112): `POST /v2/claims` as easypost-node's
 * `IClaimCreateParameters` types it and its recorded request sent it, `GET /v2/claims/:id` for where it stands.
 */

type EasyPostClaimFiling = Awaited<ReturnType<CarrierClaimDesk['file']>>;
type EasyPostClaimDecision = Awaited<ReturnType<CarrierClaimDesk['decide']>>;

/** Our claim types in EasyPost's (`TClaimType`: damage, loss, theft). */
const TYPES: Readonly<Record<ClaimType, 'damage' | 'loss'>> = { damaged: 'damage', lost: 'loss' };

const centsOf = (amount: string): number => Number((microsOf(amount) + 5_000n) / 10_000n);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** Standard PDF fonts speak WinAnsi only. */
const winAnsi = (value: string): string => value.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** Lines of at most `width` characters, split at spaces. */
const wrapped = (value: string, width: number): string[] =>
  value.split(/\s+/).reduce<string[]>((lines, word) => {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
    return lines;
  }, []);

/**
 * The seller's statement as a one-page PDF: EasyPost requires supporting documents with a damage claim, and the
 * seller's written description is the evidence our claim form collects. Base64, as `IClaimCreateParameters` asks.
 */
export const claimStatementPdf = async (claim: CarrierClaimToFile): Promise<string> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Claim statement ${claim.trackingNumber}`);
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = [
    'Insurance claim statement',
    '',
    `Tracking number: ${claim.trackingNumber}`,
    `Claim: ${claim.type === 'lost' ? 'parcel lost' : 'parcel damaged'}, ${dollarsOfCents(claim.amountCents)} USD`,
    `Our reference: ${claim.claimId}`,
    '',
    "The shipper's description:",
    ...wrapped(claim.description, 90),
  ];
  lines.forEach((line, index) => page.drawText(winAnsi(line), { x: 54, y: 738 - index * 16, size: index === 0 ? 14 : 11, font }));
  return pdf.saveAsBase64();
};

export class EasyPostClaims implements CarrierClaimDesk {
  constructor(
    private readonly client: EasyPostClient,
    /** Who EasyPost writes to about our claims (EASYPOST_CLAIMS_EMAIL): the platform files them, not the seller. */
    private readonly contactEmail: string,
  ) {}

  /**
   * Files the claim. A refusal (4xx) is EasyPost's words; no clear answer is `unknown`, so nothing is kept and the
   * seller may file again (EasyPost refuses a second claim on the same label itself).
   */
  async file(claim: CarrierClaimToFile): Promise<EasyPostClaimFiling> {
    const reply = await this.client.createClaim({
      tracking_code: claim.trackingNumber,
      type: TYPES[claim.type],
      amount: dollarsOfCents(claim.amountCents),
      description: claim.description,
      contact_email: this.contactEmail,
      payment_method: 'easypost_wallet',
      supporting_documentation_attachments: [`data:application/pdf;base64,${await claimStatementPdf(claim)}`],
    });
    if (reply.kind === 'ok') {
      const id = isRecord(reply.body) ? text(reply.body['id']) : null;
      return id?.startsWith('clm_') ? { kind: 'filed', carrierClaimId: id } : { kind: 'unknown', message: 'EasyPost answered the claim without its id.' };
    }
    if (reply.kind === 'error' && reply.status >= 400 && reply.status < 500 && reply.status !== 429 && reply.status !== 408) {
      return { kind: 'refused', message: refusalMessageOf(reply.error).replace(/^EasyPost refused the shipment/, 'EasyPost refused the claim') };
    }
    return { kind: 'unknown', message: `EasyPost did not answer the claim: ${reply.kind === 'network' ? reply.message : failureText(reply)}` };
  }

  /**
   * Where the claim stands at EasyPost: `approved`/`approved_partial` for `approved_amount`, `rejected`/`cancelled`
   * with its status detail; anything else (submitted, in_review, no answer) is still pending.
   */
  async decide(claim: { carrierClaimId: string | null }): Promise<EasyPostClaimDecision> {
    if (!claim.carrierClaimId) return { kind: 'pending' };
    const reply = await this.client.getClaim(claim.carrierClaimId);
    if (reply.kind !== 'ok' || !isRecord(reply.body)) return { kind: 'pending' };
    const status = text(reply.body['status']);
    const detail = text(reply.body['status_detail']);
    if (status === 'approved' || status === 'approved_partial') {
      const amount = text(reply.body['approved_amount']);
      if (!amount || !/^\d+(\.\d+)?$/.test(amount)) return { kind: 'pending' };
      return { kind: 'approved', approvedCents: centsOf(amount), note: status === 'approved_partial' ? (detail ?? 'EasyPost approved part of the claim.') : null };
    }
    if (status === 'rejected' || status === 'cancelled') return { kind: 'rejected', reason: detail ?? `EasyPost ${status} the claim.` };
    return { kind: 'pending' };
  }
}
