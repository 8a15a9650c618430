import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LabelAddress } from '../carrier.port';
import { DPV_MESSAGES, verificationOfUspsAddress } from './usps-address';

type Answer = Record<string, unknown>;
const payload = (name: string) => JSON.parse(readFileSync(join(__dirname, 'payloads', name), 'utf8')) as Answer;

/** The same answer under the names USPS/api-examples' README used before Aug 2025. */
const withOlderNames = ({ additionalInfo, corrections, matches, ...rest }: Answer): Answer => ({ ...rest, addressAdditionalInfo: additionalInfo, addressCorrections: corrections, addressMatches: matches });

/** The README's request: 3120 M St NW, Washington DC (it sends ZIP 20027; USPS corrects it to 20007-3704). */
const given: LabelAddress = { name: 'Jane Doe', company: null, phone: null, street1: '3120 M St', street2: 'NW', city: 'Washington', state: 'DC', zip: '20027-3704', country: 'US' };
const standardized: LabelAddress = { ...given, street1: '3120 M ST NW', street2: null, city: 'WASHINGTON', zip: '20007-3704' };
const CORRECTION_32 = 'Default address: The address you entered was found but more information is needed (such as an apartment, suite, or box number.';

describe('USPS Addresses 3.2.3: the AddressResponse read as a verdict', () => {
  it.each([
    ['the current README (additionalInfo, corrections, matches)', payload('address.readme-current.json')],
    ['the README before Aug 2025 (addressAdditionalInfo, addressCorrections)', payload('address.readme-before-2025-08.json')],
  ])("suggests USPS's standardized form of a confirmed (DPV Y) address from %s, with no message for an empty correction", (_, answer) => {
    expect(verificationOfUspsAddress(given, answer)).toEqual({ verdict: 'suggestion', suggestion: standardized, messages: [] });
  });

  it('answers ok for a confirmed address already in its standardized form', () => {
    expect(verificationOfUspsAddress(standardized, payload('address.readme-current.json'))).toEqual({ verdict: 'ok', suggestion: null, messages: [] });
  });

  it.each([
    ['spec names', payload('address.dpv-n.json')],
    ['older names', withOlderNames(payload('address.dpv-n.json'))],
  ])('calls a DPV N address undeliverable, in USPS words (%s)', (_, answer) => {
    expect(verificationOfUspsAddress(given, answer)).toEqual({
      verdict: 'undeliverable',
      suggestion: null,
      messages: ['USPS could not confirm this delivery point: both primary and (if present) secondary number information failed to DPV confirm.'],
    });
  });

  it.each([
    ['spec names', payload('address.dpv-d.json')],
    ['older names', withOlderNames(payload('address.dpv-d.json'))],
  ])('passes on correction 32 of a DPV D address, so the seller adds the apartment or suite (%s)', (_, answer) => {
    expect(verificationOfUspsAddress(given, answer)).toEqual({ verdict: 'suggestion', suggestion: standardized, messages: [CORRECTION_32] });
  });

  it('says what to add for D, and what to check for S, when USPS sent no correction text', () => {
    const answer = payload('address.dpv-d.json');
    const info = answer['additionalInfo'] as Answer;
    expect(verificationOfUspsAddress(standardized, { ...answer, corrections: [] })).toEqual({ verdict: 'ok', suggestion: null, messages: [DPV_MESSAGES.D] });
    expect(verificationOfUspsAddress(standardized, { ...answer, additionalInfo: { ...info, DPVConfirmation: 'S' }, corrections: null })?.messages).toEqual([DPV_MESSAGES.S]);
  });

  it('answers null for a body that is not an AddressResponse', () => {
    expect(verificationOfUspsAddress(given, { city: 'ALPHARETTA', state: 'GA' })).toBeNull();
  });
});
