import type { Rate } from '@labeldesk/contracts';
import { chosenRate, courierOfChoice, deliveryText, ownBoxRates, packagingAdvice, packagingRates, rateChoice, rateKey, tagLabel } from './rate-choice';

const rate = (over: Partial<Rate>): Rate => ({
  offeringUid: 'usps_priority',
  carrier: 'usps',
  service: 'USPS Priority Mail',
  priceCents: 905,
  deliveryDays: 2,
  tags: [],
  ...over,
});

const service = (uid: string, name: string) => ({ uid, name, category: '', maxWeight: 70 });

describe('choosing a rate on the Order Label form', () => {
  it('says how many business days a rate takes, one day in the singular', () => {
    expect(deliveryText({ deliveryDays: 2 })).toBe('2 business days');
    expect(deliveryText({ deliveryDays: 1 })).toBe('1 business day');
    expect(deliveryText({ deliveryDays: 0 })).toBe('Same business day');
  });

  it("gives the carrier's delivery date in day-month-year when it states no days, and says plainly when it states neither", () => {
    expect(deliveryText({ deliveryDays: null, deliveryDate: '2026-05-12' })).toBe('Delivered by 12-05-2026');
    expect(deliveryText({ deliveryDays: null })).toBe('Delivery date not stated');
  });

  it('names every tag as the comparison shows it', () => {
    expect([tagLabel('cheapest'), tagLabel('fastest'), tagLabel('best value')]).toEqual(['Cheapest', 'Fastest', 'Best value']);
  });

  it("buys a rate as its service under its courier, so a UPS rate is not sent as a USPS order", () => {
    expect(rateChoice(rate({ offeringUid: 'ups_ground', carrier: 'ups', service: 'UPS Ground' }))).toEqual({ service_name: 'UPS Ground', courier: 'ups', package_packaging: '' });
  });

  it("marks as chosen the rate of the form's service and courier, and none when the list does not rate that service", () => {
    const rates = [rate({}), rate({ offeringUid: 'ups_ground', carrier: 'ups', service: 'UPS Ground' })];
    expect(chosenRate(rates, 'UPS Ground', 'ups')?.offeringUid).toBe('ups_ground');
    expect(chosenRate(rates, 'UPS Ground', 'usps')).toBeUndefined();
    expect(chosenRate(rates, 'USPS Ground Advantage', 'usps')).toBeUndefined();
  });

  it("takes a service picked from the list as the courier's the comparison rates it for, else the courier its uid names, else USPS", () => {
    const services = [service('ups_ground', 'Ground'), service('dhl_express_worldwide', 'Worldwide'), service('legacy-42', 'Old Priority')];
    expect(courierOfChoice('Ground', services, [rate({ offeringUid: 'fedex_ground', carrier: 'fedex', service: 'Ground' })])).toBe('fedex');
    expect(courierOfChoice('Ground', services, [])).toBe('ups');
    expect(courierOfChoice('Worldwide', services, [])).toBe('dhl_express');
    expect(courierOfChoice('Old Priority', services, [])).toBe('usps');
    expect(courierOfChoice('Not listed', services, [])).toBe('usps');
  });

  it('keys a packaging rate apart from its service in the own box, and chooses each by the packaging the form holds', () => {
    const envelope = rate({ priceCents: 700, packaging: { id: 'flat_rate_envelope', kind: 'flat_rate_envelope', name: 'Priority Mail Flat Rate Envelope', reason: 'One price to any zone: $2.05 less than 3 lb by weight' } });
    const ownBox = rate({});
    const advice = rate({ priceCents: 650, packaging: { kind: 'cubic', name: 'Cubic', adviceOnly: true } });
    const rates = [advice, envelope, ownBox];
    expect([rateKey(envelope), rateKey(ownBox), rateKey(advice)]).toEqual(['usps_priority:flat_rate_envelope', 'usps_priority', 'usps_priority:cubic']);
    expect([ownBoxRates(rates), packagingRates(rates), packagingAdvice(rates)]).toEqual([[ownBox], [envelope], [advice]]);
    expect(chosenRate(rates, 'USPS Priority Mail', 'usps')).toBe(ownBox);
    expect(chosenRate(rates, 'USPS Priority Mail', 'usps', 'flat_rate_envelope')).toBe(envelope);
    expect(rateChoice(envelope)).toEqual({ service_name: 'USPS Priority Mail', courier: 'usps', package_packaging: 'flat_rate_envelope' });
    expect(rateChoice(ownBox).package_packaging).toBe('');
  });
});
