import { createHash } from 'node:crypto';
import { MAX_LABELS_PER_SCAN_FORM, type ScanFormRequest } from '../carrier.port';
import { mod10CheckDigit, SANDBOX_TEST_MAILER_ID } from './impb';
import { COURIER_NAMES } from '@labeldesk/contracts';
import { sandboxCourierOf } from './sandbox-lifecycle';

/** Prefix of the sandbox's form numbers: its labels start "92", so a form number is never taken for one of its labels. */
const FORM_PREFIX = '9475';

/**
 * The sandbox form's 22-digit number: prefix, the test Mailer ID, eight digits drawn from our form id and a MOD 10
 * check digit. The same form id always gives the same number, so a repeated request draws the same form.
 */
export const sandboxScanFormNumber = (formId: string): string => {
  const draw = createHash('sha256').update(`sandbox-scan-form:${formId}`).digest().readUInt32BE(0) % 100_000_000;
  const payload = `${FORM_PREFIX}${SANDBOX_TEST_MAILER_ID}${String(draw).padStart(8, '0')}`;
  return `${payload}${mod10CheckDigit(payload)}`;
};

/** Why the sandbox (as USPS would) refuses this form, or null: 1..200 of its own USPS labels, each once. */
export const scanFormRefusal = (request: ScanFormRequest): string | null => {
  if (request.labels.length === 0) return 'A SCAN form needs at least one label.';
  if (request.labels.length > MAX_LABELS_PER_SCAN_FORM) return `A SCAN form takes at most ${MAX_LABELS_PER_SCAN_FORM} labels; this one has ${request.labels.length}.`;
  const labels = request.labels.map((l) => ({ trackingNumber: l.trackingNumber, courier: sandboxCourierOf(l.trackingNumber) }));
  const foreign = labels.find((l) => l.courier === null);
  if (foreign) return `The sandbox did not issue label ${foreign.trackingNumber}.`;
  // PS Form 5630 lists mail handed to USPS; a UPS or FedEx parcel goes with its own courier's pickup.
  const notUsps = labels.find((l) => l.courier !== null && l.courier !== 'usps');
  if (notUsps?.courier) {
    const name = COURIER_NAMES[notUsps.courier];
    return `Only USPS labels go on a SCAN form; ${notUsps.trackingNumber} is a ${name} label, handed to ${name} at its pickup.`;
  }
  if (new Set(request.labels.map((l) => l.trackingNumber)).size !== request.labels.length) return 'A label is on this SCAN form twice.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(request.mailingDate)) return `The mailing date must be YYYY-MM-DD, got ${request.mailingDate}.`;
  return null;
};
