import { easyPostRecorded } from '@labeldesk/testing';
import { anAbroadShipment, twoItemCustoms } from '../customs/testing/abroad-shipments';
import { toEasyPostCustomsInfo } from './easypost-customs';
import { toCreateShipmentRequest } from './easypost.mapper';

type Json = Record<string, unknown>;

/** The customs_info EasyPost's own client sent in its recording (easypost-node CustomsInfo cassette). */
const recorded = (easyPostRecorded('customs', 'customsInfoCreated').request.body as { customs_info: Json }).customs_info;

const keysOf = (value: Json): string[] => Object.keys(value).sort();

describe("our customs as EasyPost's customs_info", () => {
  it("names the fields as EasyPost's recorded request does, with the same kinds of values", () => {
    const sent = toEasyPostCustomsInfo(twoItemCustoms({ contents_explanation: 'Shirts and a mug' }), 'GB') as unknown as Json;
    expect(keysOf(sent)).toEqual(keysOf(recorded));
    const [item] = sent['customs_items'] as Json[];
    const [recordedItem] = recorded['customs_items'] as Json[];
    expect(keysOf(item ?? {})).toEqual(keysOf(recordedItem ?? {}));
    for (const key of Object.keys(recordedItem ?? {})) expect([key, typeof item?.[key]]).toEqual([key, typeof recordedItem?.[key]]);
    for (const key of ['customs_certify', 'customs_signer', 'eel_pfc', 'restriction_type', 'non_delivery_option']) expect([key, typeof sent[key]]).toEqual([key, typeof recorded[key]]);
  });

  it('sends a line total in dollars and ounces, leaves out a missing HS number, and writes the legend for the country', () => {
    const customs = twoItemCustoms({ items: [{ description: 'Print', quantity: 3, value_cents: 1_999, weight_lb: 0.31, hs_tariff_number: null, origin_country: 'US' }] });
    expect(toEasyPostCustomsInfo(customs, 'CA')).toMatchObject({ eel_pfc: 'NOEEI 30.36', customs_items: [{ description: 'Print', quantity: 3, value: 19.99, weight: 5, origin_country: 'US' }] });
    expect(toEasyPostCustomsInfo(customs, 'CA').customs_items[0]).not.toHaveProperty('hs_tariff_number');
    expect(toEasyPostCustomsInfo(customs, 'FR').eel_pfc).toBe('NOEEI 30.37(a)');
  });

  it('puts customs_info and the incoterm on the shipment abroad, and leaves the receiver without a state where it has none', () => {
    const request = toCreateShipmentRequest(anAbroadShipment({ serviceUid: 'dhl_express_worldwide', country: 'GB', customs: twoItemCustoms({ incoterm: 'DDP' }) }), 'key-1');
    expect(request.shipment.options.incoterm).toBe('DDP');
    expect(request.shipment.customs_info?.customs_signer).toBe('Ada Sender');
    expect(request.shipment.to_address).toEqual({ name: 'Oliver Smith', street1: '10 Downing Street', city: 'London', zip: 'SW1A 2AA', country: 'GB' });
  });
});
