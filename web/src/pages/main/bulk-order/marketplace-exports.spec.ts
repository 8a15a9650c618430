import { guessHeaderMapping } from '@labeldesk/contracts';
import type { BulkTemplateColumn, CsvColumnMapping } from '@labeldesk/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readForeignCsv } from './foreign-csv';

/** A fixture read as the page reads an upload that is not the Bulk Template. */
const fixture = (file: string): { header: string[]; rows: string[][] } => readForeignCsv(readFileSync(join(__dirname, 'marketplace-exports', file), 'utf8'));

const PAGE_FILLED: readonly BulkTemplateColumn[] = ['ServiceName', 'FromSenderName', 'FromStreet1', 'FromCity', 'FromStateProvince', 'FromZipPostal', 'PackageLength', 'PackageWidth', 'PackageHeight', 'PackageWeight'];

describe('guessHeaderMapping on real marketplace exports', () => {
  it("maps every shipping column of Shopify's orders export, and its `Name` ('#1041') as the order ID", () => {
    const { header, rows } = fixture('shopify-orders.csv');
    const expected: CsvColumnMapping = {
      orderId: ['Name'],
      skuNumber: ['Lineitem sku'],
      quantity: ['Lineitem quantity'],
      ToRecipientName: ['Shipping Name'],
      ToCompany: ['Shipping Company'],
      ToPhone: ['Shipping Phone'],
      ToStreet1: ['Shipping Address1'],
      ToStreet2: ['Shipping Address2'],
      ToCity: ['Shipping City'],
      ToStateProvince: ['Shipping Province'],
      ToZipPostal: ['Shipping Zip'],
      ToCountry: ['Shipping Country'],
      // The customer's e-mail, for the seller's tracking e-mails (decision 095).
      ToEmail: ['Email'],
      PackageDescription: ['Lineitem name'],
    };
    const guess = guessHeaderMapping(header, rows);
    expect(guess.mapping).toEqual(expected);
    expect(guess.unmappedRequired).toEqual(PAGE_FILLED);
  });

  it("joins WooCommerce's shipping_first_name and shipping_last_name into the recipient's name", () => {
    const { header, rows } = fixture('woocommerce-orders.csv');
    expect(guessHeaderMapping(header, rows).mapping).toEqual({
      orderId: ['order_number'],
      ToRecipientName: ['shipping_first_name', 'shipping_last_name'],
      ToCompany: ['shipping_company'],
      // The default export has no shipping phone: the billing phone is the best number to reach the recipient.
      ToPhone: ['billing_phone'],
      ToStreet1: ['shipping_address_1'],
      ToStreet2: ['shipping_address_2'],
      ToCity: ['shipping_city'],
      ToStateProvince: ['shipping_state'],
      ToZipPostal: ['shipping_postcode'],
      ToCountry: ['shipping_country'],
      // WooCommerce's only e-mail is the billing one: the customer's.
      ToEmail: ['billing_email'],
    });
  });

  it("maps eBay's Ship To columns and never its buyer, item-location or tax address", () => {
    const { header, rows } = fixture('ebay-orders.csv');
    expect(guessHeaderMapping(header, rows).mapping).toEqual({
      orderId: ['Order Number'],
      orderItemId: ['Transaction ID'],
      skuNumber: ['Custom Label'],
      quantity: ['Quantity'],
      ToRecipientName: ['Ship To Name'],
      ToPhone: ['Ship To Phone'],
      ToStreet1: ['Ship To Address 1'],
      ToStreet2: ['Ship To Address 2'],
      ToCity: ['Ship To City'],
      ToStateProvince: ['Ship To State'],
      ToZipPostal: ['Ship To Zip'],
      ToCountry: ['Ship To Country'],
      ToEmail: ['Buyer Email'],
      PackageDescription: ['Item Title'],
    });
  });

  it("maps ShipStation's 'Ship To - …' and 'Item - …' columns, not 'Bill To - Name'", () => {
    const { header, rows } = fixture('shipstation-orders.csv');
    expect(guessHeaderMapping(header, rows).mapping).toEqual({
      orderId: ['Order - Number'],
      skuNumber: ['Item - SKU'],
      quantity: ['Item - Qty'],
      ToRecipientName: ['Ship To - Name'],
      ToCompany: ['Ship To - Company'],
      ToPhone: ['Ship To - Phone'],
      ToStreet1: ['Ship To - Address 1'],
      ToStreet2: ['Ship To - Address 2'],
      ToCity: ['Ship To - City'],
      ToStateProvince: ['Ship To - State'],
      ToZipPostal: ['Ship To - Postal Code'],
      ToCountry: ['Ship To - Country'],
      PackageDescription: ['Item - Name'],
    });
  });

  it("maps Etsy's sold order items (Ship Name, Ship Zipcode, SKU), not the buyer's username", () => {
    const { header, rows } = fixture('etsy-sold-order-items.csv');
    expect(guessHeaderMapping(header, rows).mapping).toEqual({
      orderId: ['Order ID'],
      orderItemId: ['Transaction ID'],
      skuNumber: ['SKU'],
      quantity: ['Quantity'],
      ToRecipientName: ['Ship Name'],
      ToStreet1: ['Ship Address1'],
      ToStreet2: ['Ship Address2'],
      ToCity: ['Ship City'],
      ToStateProvince: ['Ship State'],
      ToZipPostal: ['Ship Zipcode'],
      ToCountry: ['Ship Country'],
      PackageDescription: ['Item Name'],
    });
  });
});

