import type { SavedAddress, SkuRecord } from '@labeldesk/contracts';
import { BULK_TEMPLATE_COLUMNS } from '@labeldesk/contracts';
import { isTemplateHeader } from './csv-parser';
import { columnNames, mapForeignRows, mappingFits, missingRequired, readForeignCsv } from './foreign-csv';

const sender: SavedAddress = { _id: 'a1', address_id: 'warehouse', name: 'Hollow Oak Candles', phone: '5125550100', company: null, street: '500 Congress Ave', street2: null, city: 'Austin', state: 'TX', zip: '78701', country: 'US' } as SavedAddress;
const preset: SkuRecord = { _id: 's1', sku: 'CND-CEDAR-8', maxQty: 4, weight: 0.75, packagingWeight: 0.25, length: 6, width: 6, height: 5, description: 'Candle', hsTariffNumber: null, originCountry: null, valueCents: null };

const shopify = readForeignCsv(
  ['Name,Shipping Name,Shipping Address1,Shipping City,Shipping Zip,Shipping Province,Shipping Country,Shipping Phone,Lineitem sku,Lineitem quantity', '#1041,Maria Lopez,1420 Elm Street,Austin,78701,Texas,United States,+1 (512) 555-0143,cnd-cedar-8,2', '#1042,Lena Chen,301 Commercial St,Portland,04101,ME,US,,UNKNOWN,1'].join('\n'),
);

describe('isTemplateHeader', () => {
  it('keeps files with three template columns, or half of their columns, on the template path', () => {
    expect(isTemplateHeader(['to_recipient_name', 'Notes', 'PackageWeight', 'ServiceName'])).toBe(true);
    expect(isTemplateHeader(['ToZipPostal'])).toBe(true);
    expect(isTemplateHeader([...BULK_TEMPLATE_COLUMNS])).toBe(true);
  });

  it("sends a marketplace export to the mapping step even when one of its columns is a template column ('Quantity')", () => {
    expect(isTemplateHeader(['Order Number', 'Ship To Name', 'Ship To Zip', 'Quantity', 'Item Title'])).toBe(false);
    expect(isTemplateHeader(['name', 'street'])).toBe(false);
  });

  it('sends an export with customs columns named as ours to the mapping step: they do not make it the template', () => {
    expect(isTemplateHeader(['Name', 'Shipping Name', 'Shipping Zip', 'Quantity', 'Contents Type', 'Customs Description', 'Customs Value'])).toBe(false);
  });
});

describe('mapForeignRows', () => {
  const mapping = {
    orderId: ['Name'],
    ToRecipientName: ['Shipping Name'],
    ToStreet1: ['Shipping Address1'],
    ToCity: ['Shipping City'],
    ToZipPostal: ['Shipping Zip'],
    ToStateProvince: ['Shipping Province'],
    ToCountry: ['Shipping Country'],
    ToPhone: ['Shipping Phone'],
    skuNumber: ['Lineitem sku'],
    quantity: ['Lineitem quantity'],
  };

  it('reads mapped columns, writes states, countries and phones as the table wants them, and fills the sender from the page', () => {
    const [first] = mapForeignRows(shopify, mapping, { sender, skus: [], serviceName: '' });
    expect(first?.values).toMatchObject({ orderId: '#1041', ToRecipientName: 'Maria Lopez', ToStateProvince: 'TX', ToCountry: 'US', ToPhone: '+1 512 555-0143', quantity: '2', FromSenderName: 'Hollow Oak Candles', FromZipPostal: '78701' });
  });

  it("fills a row's package from its SKU preset, and leaves a row without one empty", () => {
    const [first, second] = mapForeignRows(shopify, mapping, { sender, skus: [preset], serviceName: '' });
    expect(first?.values).toMatchObject({ PackageLength: '6', PackageWidth: '6', PackageHeight: '5', PackageWeight: '1.75', PackageDescription: 'Candle' });
    expect(second?.values.PackageWeight).toBe('');
  });

  it('joins several file columns with a space, skipping empty ones', () => {
    const file = readForeignCsv('shipping_first_name,shipping_last_name\nGrace,Okafor\nPrince,\n');
    const rows = mapForeignRows(file, { ToRecipientName: ['shipping_first_name', 'shipping_last_name'] }, { sender: undefined, skus: [], serviceName: '' });
    expect(rows.map((row) => row.values.ToRecipientName)).toEqual(['Grace Okafor', 'Prince']);
  });

  it('names the required columns still empty: the sender and service count as filled by the page', () => {
    const rows = mapForeignRows(shopify, mapping, { sender, skus: [preset], serviceName: 'USPS Priority Mail' });
    const missing = missingRequired(rows, mapping, { sender, skus: [preset], serviceName: 'USPS Priority Mail' });
    expect(missing).toEqual(['PackageLength', 'PackageWidth', 'PackageHeight', 'PackageWeight']);
    expect(columnNames(missing)).toBe('Length, Width, Height, Weight');
    const noPage = missingRequired(mapForeignRows(shopify, mapping, { sender: undefined, skus: [], serviceName: '' }), mapping, { sender: undefined, skus: [], serviceName: '' });
    expect(noPage).toEqual(['ServiceName', 'FromSenderName', 'FromStreet1', 'FromCity', 'FromStateProvince', 'FromZipPostal', 'PackageLength', 'PackageWidth', 'PackageHeight', 'PackageWeight']);
  });

  it('uses a saved mapping only while the file still has every column it names', () => {
    expect(mappingFits(mapping, shopify.header)).toBe(true);
    expect(mappingFits({ ToCity: ['Ship City'] }, shopify.header)).toBe(false);
  });
});
