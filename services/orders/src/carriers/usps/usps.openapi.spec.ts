import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { LabelAddress, LabelShipment, ScanFormRequest } from '../carrier.port';
import { uspsScanFormRequestOf } from './usps-scan-form';
import { toLabelRequest } from './usps.mapper';

/**
 * The requests we build, walked against the published OpenAPI schemas (stored in payloads/): every `required` list,
 * `additionalProperties: false`, enums, patterns, lengths and formats on the way. A field USPS adds to a `required`
 * list, or one we send that a schema closes, fails here before USPS refuses a real label or form.
 */

type Schema = { [key: string]: unknown };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const specOf = (name: string) => parse(readFileSync(join(__dirname, 'payloads', name), 'utf8')) as Schema;

const FORMATS: Record<string, RegExp> = { date: /^\d{4}-\d{2}-\d{2}$/, 'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/ };
const TYPES: Record<string, (value: unknown) => boolean> = {
  object: isObject,
  array: Array.isArray,
  string: (value) => typeof value === 'string',
  boolean: (value) => typeof value === 'boolean',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  integer: (value) => Number.isInteger(value),
};

/** Why `value` does not meet `schema` of the spec `root`; [] when it does. */
const problemsOf = (root: Schema, schema: Schema, value: unknown, at: string): string[] => {
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const target = ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), root);
    return isObject(target) ? problemsOf(root, target, value, at) : [`${at}: unresolved ${ref}`];
  }
  if (value === null && schema['nullable'] === true) return [];
  const found: string[] = [];
  for (const member of (schema['allOf'] as Schema[] | undefined) ?? []) found.push(...problemsOf(root, member, value, at));
  const oneOf = schema['oneOf'] as Schema[] | undefined;
  if (oneOf) {
    const passing = oneOf.filter((member) => problemsOf(root, member, value, at).length === 0).length;
    if (passing !== 1) found.push(`${at}: meets ${passing} of the ${oneOf.length} oneOf schemas, not exactly one`);
  }
  const type = schema['type'];
  if (typeof type === 'string' && !TYPES[type]?.(value)) return [...found, `${at}: is not a ${type}`];
  const enumeration = schema['enum'] as unknown[] | undefined;
  if (enumeration && !enumeration.includes(value)) found.push(`${at}: ${JSON.stringify(value)} is not one of ${enumeration.join(', ')}`);
  if (typeof value === 'string') {
    const { pattern, maxLength, minLength, format } = schema;
    if (typeof pattern === 'string' && !new RegExp(pattern).test(value)) found.push(`${at}: "${value}" does not match ${pattern}`);
    if (typeof maxLength === 'number' && [...value].length > maxLength) found.push(`${at}: longer than ${maxLength}`);
    if (typeof minLength === 'number' && [...value].length < minLength) found.push(`${at}: shorter than ${minLength}`);
    if (typeof format === 'string' && FORMATS[format] && !FORMATS[format].test(value)) found.push(`${at}: "${value}" is not a ${format}`);
  }
  if (typeof value === 'number' && typeof schema['minimum'] === 'number' && (schema['exclusiveMinimum'] === true ? value <= schema['minimum'] : value < schema['minimum'])) found.push(`${at}: below its minimum`);
  if (Array.isArray(value)) {
    const items = schema['items'];
    value.forEach((item, index) => isObject(items) && found.push(...problemsOf(root, items, item, `${at}[${index}]`)));
    if (typeof schema['minItems'] === 'number' && value.length < schema['minItems']) found.push(`${at}: fewer than ${schema['minItems']} items`);
    if (typeof schema['maxItems'] === 'number' && value.length > schema['maxItems']) found.push(`${at}: more than ${schema['maxItems']} items`);
  }
  if (isObject(value)) {
    for (const key of (schema['required'] as string[] | undefined) ?? []) if (!(key in value)) found.push(`${at}.${key}: required by the spec, missing`);
    const properties = (schema['properties'] as Record<string, Schema> | undefined) ?? {};
    for (const [key, property] of Object.entries(properties)) if (key in value) found.push(...problemsOf(root, property, value[key], `${at}.${key}`));
    if (schema['additionalProperties'] === false) for (const key of Object.keys(value)) if (!(key in properties)) found.push(`${at}.${key}: not in the schema, which allows no other property`);
  }
  return found;
};

const scanForms = specOf('scan-forms.openapi.yaml');
const labels = specOf('domestic-labels.label-request.openapi.yaml');
const walk = (spec: Schema, schema: string, value: unknown) => problemsOf(spec, { $ref: `#/components/schemas/${schema}` }, value, schema);

const address: LabelAddress = { name: 'Ada Lovelace', company: null, phone: '(614) 555-0142', street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' };
const scanForm = (from: Partial<LabelAddress> = {}): ScanFormRequest => ({ formId: 'f', mailingDate: '2026-11-20', from: { ...address, ...from }, labels: [{ trackingNumber: '9205590109769900012613', carrierRefs: {} }] });
const shipment = (change: Partial<LabelShipment> = {}): LabelShipment => ({
  serviceUid: 'usps_priority',
  shipper: null,
  from: address,
  to: { name: 'Jane Q Doe', company: null, phone: null, street1: '350 Fifth Ave', street2: 'Ste 4200', city: 'New York', state: 'NY', zip: '10118-0110', country: 'US' },
  package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 1.5, description: 'Widgets', reference1: '2', reference2: 'SKU-42' },
  ...change,
});
const labelRequestOf = (change: Partial<LabelShipment>, withShipper: boolean) => {
  const request = toLabelRequest(shipment(change), { mailingDate: '2026-11-20', shipper: withShipper ? { platformUserId: 'user-7f3a', email: 'ada@example.com', phone: '6145550142' } : null });
  if (!request.ok) throw new Error(request.message);
  return request.value;
};

describe('the requests we build, against the published USPS OpenAPI schemas', () => {
  it('finds what a schema requires, closes or restricts (the walk itself can fail)', () => {
    expect(walk(scanForms, 'SCANFormRequest', {})).toEqual(['destinationEntryFacilityType', 'entryFacilityZIPCode', 'fromAddress', 'mailingDate', 'shipment'].map((key) => `SCANFormRequest.${key}: required by the spec, missing`));
    const { destinationEntryFacilityType: _left, ...withoutType } = uspsScanFormRequestOf(scanForm());
    expect(walk(scanForms, 'SCANFormRequest', { ...withoutType, entryFacilityZIPCode: '4321', extra: true })).toEqual([
      'SCANFormRequest.destinationEntryFacilityType: required by the spec, missing',
      'SCANFormRequest.entryFacilityZIPCode: "4321" does not match ^\\d{5}$',
      'SCANFormRequest.extra: not in the schema, which allows no other property',
    ]);
    expect(walk(scanForms, 'SCANFormRequest', { ...uspsScanFormRequestOf(scanForm()), shipment: {} })).toEqual(['SCANFormRequest.shipment: meets 0 of the 3 oneOf schemas, not exactly one']);
    const label = labelRequestOf({}, true);
    expect(walk(labels, 'LabelRequest', { ...label, imageInfo: { ...label.imageInfo, imageType: 'ZPL' }, packageDescription: { ...label.packageDescription, mailingDate: '20 Nov 2026' } })).toEqual([
      'LabelRequest.imageInfo.imageType: "ZPL" is not one of PDF, TIFF, JPG, PNG, GIF, SVG, ZPL203DPI, ZPL300DPI, EPL300DPI, LABEL_BROKER, NONE',
      'LabelRequest.packageDescription: meets 0 of the 2 oneOf schemas, not exactly one',
    ]);
  });

  it.each([
    ['a sender with a name', {}],
    ['a sender with a company, a second street line and a ZIP+4', { company: 'Analytical Parcels', street2: 'Dock 4', zip: '43215-1234' }],
    ['a one-word sender', { name: 'Ada' }],
  ])('sends a SCAN form request that meets SCANFormRequest of SCAN Forms 3.1.14 for %s', (_, from) => {
    expect(walk(scanForms, 'SCANFormRequest', uspsScanFormRequestOf(scanForm(from)))).toEqual([]);
  });

  it.each([
    ['Priority Mail, PDF, with the shipper reported', {}, true],
    ['Priority Mail Express, ZPL', { serviceUid: 'usps_priority_express', format: 'ZPL' as const }, false],
    ['Ground Advantage without references', { serviceUid: 'usps_ground_advantage', package: { lengthIn: 6, widthIn: 4, heightIn: 2, weightLb: 0.25, description: null, reference1: null, reference2: null } }, true],
  ])('sends a label request that meets LabelRequest of Labels 3.9.13: %s', (_, change, withShipper) => {
    expect(walk(labels, 'LabelRequest', labelRequestOf(change, withShipper))).toEqual([]);
  });
});
