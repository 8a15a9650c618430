import { guessHeaderMapping, headerWords, REQUIRED_TEMPLATE_COLUMNS } from './header-guesser';

// The five marketplace exports' real headers are tested in web/src/pages/main/bulk-order/marketplace-exports.spec.ts,
// read from their fixture files as the page reads an upload.

describe('guessHeaderMapping from sample values', () => {
  it('takes a weight in pounds and the package sizes when their values are numbers, and leaves ounces alone', () => {
    const header = ['Recipient', 'Zip', 'Weight (oz)', 'Weight', 'Length', 'Width', 'Height'];
    const guess = guessHeaderMapping(header, [['Ann Lee', '10001', '32', '2', '10', '8', '4']]);
    expect(guess.mapping).toMatchObject({ ToRecipientName: ['Recipient'], ToZipPostal: ['Zip'], PackageWeight: ['Weight'], PackageLength: ['Length'], PackageWidth: ['Width'], PackageHeight: ['Height'] });
    expect(Object.values(guess.mapping).flat()).not.toContain('Weight (oz)');
  });

  it('does not take a column whose values cannot be what its name says', () => {
    const guess = guessHeaderMapping(['Name', 'Quantity', 'Weight'], [['Ann Lee', 'two', 'heavy']]);
    expect(guess.mapping.orderId).toBeUndefined();
    expect(guess.mapping.quantity).toBeUndefined();
    expect(guess.mapping.PackageWeight).toBeUndefined();
    expect(guess.mapping.ToRecipientName).toEqual(['Name']);
  });

  it('prefers the two-letter state code to the state name column, and a ZIP-like column to a lookalike', () => {
    const guess = guessHeaderMapping(['Shipping Province Name', 'Shipping Province', 'Shipping Zip'], [['Texas', 'TX', '78701']]);
    expect(guess.mapping).toEqual({ ToStateProvince: ['Shipping Province'], ToZipPostal: ['Shipping Zip'] });
  });

  it("reads a sender's columns only when they say so ('Ship From City')", () => {
    const guess = guessHeaderMapping(['Ship From Name', 'Ship From City', 'City'], [['Acme', 'Dayton', 'Austin']]);
    expect(guess.mapping).toEqual({ FromSenderName: ['Ship From Name'], FromCity: ['Ship From City'], ToCity: ['City'] });
  });

  it("takes a column of e-mail addresses for the receiver's e-mail, by the names stores give it, and no other column", () => {
    for (const name of ['Email', 'E-mail', 'Buyer Email', 'buyer-email', 'Customer Email', 'Ship To - Email', 'billing_email']) {
      expect(guessHeaderMapping([name, 'Ship To Name'], [['rita@example.com', 'Rita']]).mapping.ToEmail).toEqual([name]);
    }
    expect(guessHeaderMapping(['Email', 'Accepts Marketing'], [['no', 'yes']]).mapping.ToEmail).toBeUndefined();
    expect(guessHeaderMapping(['Email Marketing Consent'], [['rita@example.com']]).mapping.ToEmail).toBeUndefined();
  });

  it("takes a receiver's country, province and postal code abroad by the names exports give them (issue 46)", () => {
    const shopify = guessHeaderMapping(['Shipping Name', 'Shipping Country', 'Shipping Province', 'Shipping Zip'], [['Chloé Tremblay', 'CA', 'ON', 'K1M 1M4']]);
    expect(shopify.mapping).toMatchObject({ ToCountry: ['Shipping Country'], ToStateProvince: ['Shipping Province'], ToZipPostal: ['Shipping Zip'] });
    for (const [country, province, postal] of [
      ['Country', 'State/Province', 'Postal Code'],
      ['Ship Country', 'Ship State', 'Ship Postal Code'],
      ['Country Code', 'Province', 'Postcode'],
    ]) {
      const guess = guessHeaderMapping(['Recipient', country, province, postal], [['Jonas Weber', 'DE', 'Berlin', '10117']]);
      expect(guess.mapping).toMatchObject({ ToCountry: [country], ToStateProvince: [province], ToZipPostal: [postal] });
    }
    // A country written out is a country too.
    expect(guessHeaderMapping(['Shipping Country'], [['Germany']]).mapping.ToCountry).toEqual(['Shipping Country']);
  });

  it("recognises a row's customs columns under the names shipping tools export them (decision 116)", () => {
    const row = ['Grace Receiver', 'CA', 'Gift', 'Ceramic mug', '6912.00', 'China', '$14.50'];
    const shipStation = guessHeaderMapping(['Recipient', 'Ship Country', 'Contents Type', 'Customs Description', 'Customs Tariff No', 'Customs Country', 'Customs Value'], [row]);
    expect(shipStation.mapping).toMatchObject({
      ToCountry: ['Ship Country'],
      ContentsType: ['Contents Type'],
      CustomsDescription: ['Customs Description'],
      CustomsHsCode: ['Customs Tariff No'],
      CustomsOrigin: ['Customs Country'],
      CustomsValue: ['Customs Value'],
    });
    const plain = guessHeaderMapping(['Recipient', 'Country', 'Content Type', 'Declared Contents', 'HS Code', 'Country of Origin', 'Customs Value (each)'], [row]);
    expect(plain.mapping).toMatchObject({ ToCountry: ['Country'], CustomsHsCode: ['HS Code'], CustomsOrigin: ['Country of Origin'], CustomsValue: ['Customs Value (each)'], CustomsDescription: ['Declared Contents'] });
    // An item's origin is never the sender's (or the recipient's) country.
    const origin = guessHeaderMapping(['Recipient', 'Origin Country', 'Harmonized Code'], [['Grace Receiver', 'China', '6912.00']]);
    expect(origin.mapping).toMatchObject({ CustomsOrigin: ['Origin Country'], CustomsHsCode: ['Harmonized Code'] });
    expect(origin.mapping.FromCountry).toBeUndefined();
    // Not an HS code column when it holds no HS codes, nor a value column without amounts.
    const wrong = guessHeaderMapping(['HS Code', 'Customs Value'], [['n/a', 'free']]);
    expect([wrong.mapping.CustomsHsCode, wrong.mapping.CustomsValue]).toEqual([undefined, undefined]);
  });

  it('recognises a declared value to insure under the names shipping tools give it, only when it holds amounts (decision 122)', () => {
    for (const header of ['Declared Value', 'Insured Value', 'Insurance Value', 'Insurance Amount', 'Insurance']) {
      expect(guessHeaderMapping(['Recipient', header], [['Grace Receiver', '$250.00']]).mapping.DeclaredValue).toEqual([header]);
    }
    expect(guessHeaderMapping(['Recipient', 'Insurance'], [['Grace Receiver', 'yes']]).mapping.DeclaredValue).toBeUndefined();
    // A customs value is what customs declare, not what is insured.
    expect(guessHeaderMapping(['Customs Value'], [['$14.50']]).mapping.DeclaredValue).toBeUndefined();
  });

  it('names every required column it found nothing for, in the template order', () => {
    expect(guessHeaderMapping(['Notes'], [['hi']]).unmappedRequired).toEqual(REQUIRED_TEMPLATE_COLUMNS);
  });

  it('splits header names into words whatever their style', () => {
    expect(headerWords('Ship To - Address 1')).toEqual(['ship', 'to', 'address', '1']);
    expect(headerWords('shipping_address_1')).toEqual(['shipping', 'address', '1']);
    expect(headerWords('ShipToAddress1')).toEqual(['ship', 'to', 'address', '1']);
    expect(headerWords('\uFEFFShipping Address1')).toEqual(['shipping', 'address', '1']);
  });
});
