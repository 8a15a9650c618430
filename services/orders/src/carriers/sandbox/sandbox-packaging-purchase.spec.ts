import type { LabelShipment, PurchaseOutcome } from '../carrier.port';
import { aShipment } from '../testing/shipments';
import { SandboxCarrierAdapter } from './sandbox-carrier.adapter';

/** A small heavy parcel, 8 × 6 × 3 in and 15 lb, as a ZPL label (text: no render worker needed). */
const packed = (packaging: LabelShipment['package']['packaging'], change: { serviceUid?: string; heightIn?: number } = {}): LabelShipment => {
  const base = aShipment({ serviceUid: change.serviceUid ?? 'usps_priority', weightLb: 15, format: 'ZPL' });
  return { ...base, package: { ...base.package, lengthIn: 8, widthIn: 6, heightIn: change.heightIn ?? 3, ...(packaging ? { packaging } : {}) } };
};

const buy = async (shipment: LabelShipment): Promise<PurchaseOutcome> => {
  let serial = 1;
  const carrier = new SandboxCarrierAdapter({ nextSerial: async () => serial++ });
  return carrier.purchase(shipment, `key-${shipment.package.packaging ?? 'own'}-${shipment.serviceUid}-${shipment.package.heightIn}`, { remember: async () => undefined });
};

const costOf = (outcome: PurchaseOutcome): number => {
  if (outcome.kind !== 'bought') throw new Error(`expected a label, got ${JSON.stringify(outcome)}`);
  return outcome.label.costCents;
};

describe('the sandbox selling a label in USPS packaging', () => {
  it('costs the label at the packaging price it rated, not the own box by weight', async () => {
    const ownBox = costOf(await buy(packed(undefined)));
    const envelope = costOf(await buy(packed('flat_rate_envelope')));
    const cubic = costOf(await buy(packed('cubic')));
    expect(envelope).toBe(1_015);
    expect(envelope).toBeLessThan(ownBox);
    expect(cubic).toBeLessThan(ownBox);
  });

  it('refuses packaging the parcel cannot use, in words: too thick for the envelope, or a service without Flat Rate', async () => {
    expect(await buy(packed('flat_rate_envelope', { heightIn: 6 }))).toEqual({
      kind: 'refused',
      message: 'Sandbox carrier: A parcel of 8 × 6 × 6 in does not fit inside the Priority Mail Flat Rate Envelope',
    });
    expect(await buy(packed('flat_rate_envelope', { serviceUid: 'ups_ground' }))).toEqual({
      kind: 'refused',
      message: 'Sandbox carrier: The Priority Mail Flat Rate Envelope is sold with USPS Priority Mail only',
    });
  });

  it('prints the packaging after the sizes on the label', async () => {
    const outcome = await buy(packed('flat_rate_envelope'));
    if (outcome.kind !== 'bought') throw new Error(JSON.stringify(outcome));
    expect(outcome.label.file.toString('latin1')).toContain('8 X 6 X 3 IN, FLAT RATE ENVELOPE');
    const ownBox = await buy(packed(undefined));
    if (ownBox.kind !== 'bought') throw new Error(JSON.stringify(ownBox));
    expect(ownBox.label.file.toString('latin1')).toContain('8 X 6 X 3 IN^FS');
  });
});
