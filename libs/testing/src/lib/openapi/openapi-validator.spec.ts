import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uspsSpecs } from '../fake-usps/usps-specs';
import { loadOpenApiDocument, type OpenApiDocument } from './openapi-document';
import { OpenApiValidator } from './openapi-validator';

type Json = Record<string, unknown>;

/** The `examples` an operation's request body or one of its responses publishes, each with its media type and value. */
const publishedExamples = (document: OpenApiDocument, path: string, method: string) => {
  const shared = (document.components?.['examples'] ?? {}) as Record<string, { value: unknown }>;
  const valueOf = (example: { $ref?: string; value?: unknown }) => (example.$ref ? shared[example.$ref.split('/').pop() ?? '']?.value : example.value);
  type Media = Record<string, { examples?: Record<string, { $ref?: string; value?: unknown }> }>;
  const operation = document.paths[path]?.[method] as { requestBody?: { content?: Media }; responses?: Record<string, { content?: Media }> };
  const listed = (content: Media | undefined) => Object.entries(content ?? {}).flatMap(([mediaType, media]) => Object.entries(media.examples ?? {}).map(([name, example]) => ({ name, mediaType, value: valueOf(example) })));
  return {
    requests: listed(operation.requestBody?.content),
    responses: Object.entries(operation.responses ?? {}).flatMap(([status, response]) => listed(response.content).map((example) => ({ ...example, status: Number(status) }))),
  };
};

const scanFormRequest = (): Json => ({
  mailingDate: '2026-06-23',
  entryFacilityZIPCode: '43215',
  destinationEntryFacilityType: 'NONE',
  shipment: { trackingNumbers: ['9205590000000000000001'] },
  fromAddress: { firstName: 'Ada', lastName: 'Lovelace', streetAddress: '1200 Industrial Pkwy', city: 'Columbus', state: 'OH', ZIPCode: '43215' },
});

const addressResponse = (): Json => ({
  address: { streetAddress: '350 FIFTH AVE', city: 'NEW YORK', state: 'NY', ZIPCode: '10118', ZIPPlus4: '0110' },
  additionalInfo: { deliveryPoint: '99', carrierRoute: 'C000', DPVConfirmation: 'Y', DPVCMRA: 'N', business: 'Y', centralDeliveryPoint: 'N', vacant: 'N' },
  corrections: [],
  matches: [{ code: '31', text: 'Single Response - exact match' }],
});

const multipart = (boundary: string, parts: Array<{ headers: string[]; text: string }>): string =>
  `${parts.map((part) => `--${boundary}\r\n${part.headers.join('\r\n')}\r\n\r\n${part.text}\r\n`).join('')}--${boundary}--`;

const labelMetadata = { labelAddress: { streetAddress: '350 FIFTH AVE', city: 'NEW YORK', state: 'NY', ZIPCode: '10118' }, trackingNumber: '9205590000000000000001', postage: 9.99, mailingDate: '2026-06-23T22:00:00-05:00' };
const PDF_BASE64 = Buffer.from('%PDF-1.7 test').toString('base64');

describe('OpenApiValidator', () => {
  const specs = uspsSpecs();
  const request = (method: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
    specs.checkRequest({ method, url, headers: { 'Content-Type': 'application/json', ...headers }, body: body === undefined ? '' : JSON.stringify(body) });
  const fields = (errors: ReadonlyArray<{ at: string }>) => errors.map((error) => error.at);

  it("finds an operation by method and path under its servers' base path, with the path template's parameters", () => {
    expect(specs.operationFor('DELETE', '/labels/v3/label/9205590000000000000001?x=1')).toMatchObject({ template: '/label/{trackingNumber}', method: 'delete', pathParameters: { trackingNumber: '9205590000000000000001' } });
    expect(specs.operationFor('GET', '/tracking/v3/tracking/9205590000000000000001')).toMatchObject({ template: '/tracking/{trackingNumber}' });
    expect(specs.operationFor('DELETE', '/labels/v3/label/%E0%A4%A')).toMatchObject({ pathParameters: { trackingNumber: '%E0%A4%A' } });
    expect(specs.operationFor('GET', '/labels/v3/label')).toBe('no method');
    expect(specs.operationFor('GET', '/locations/v3/post-office-locations')).toBe('no path');
    expect(request('GET', '/oauth2/v3/token', undefined)).toEqual([{ in: 'operation', at: 'GET /oauth2/v3/token', message: 'is not a path of the loaded specs' }]);
  });

  it.each([
    ['/labels/v3', '/label', 'post'],
    ['/labels/v3', '/label/{trackingNumber}', 'delete'],
    ['/payments/v3', '/payment-authorization', 'post'],
    ['/scan-forms/v3', '/scan-form', 'post'],
  ])('accepts every JSON example %s%s (%s) publishes for its request and its answers', (basePath, path, method) => {
    const { requests, responses } = publishedExamples(specs.documentAt(basePath), path, method);
    expect(requests.length + responses.length).toBeGreaterThan(0);
    const url = `${basePath}${path.replace('{trackingNumber}', '9205590000000000000001')}`;
    for (const example of requests.filter((candidate) => candidate.mediaType.endsWith('json'))) {
      expect({ example: example.name, errors: request(method, url, example.value, { 'X-Payment-Authorization-Token': 'token' }) }).toEqual({ example: example.name, errors: [] });
    }
    for (const example of responses.filter((candidate) => candidate.mediaType.endsWith('json'))) {
      const errors = specs.checkAnswer({ method, url }, { status: example.status, contentType: example.mediaType, body: JSON.stringify(example.value) });
      expect({ example: example.name, errors }).toEqual({ example: example.name, errors: [] });
    }
  });

  it('refuses a SCAN form request without destinationEntryFacilityType, naming the field', () => {
    expect(request('POST', '/scan-forms/v3/scan-form', scanFormRequest())).toEqual([]);
    const { destinationEntryFacilityType: _dropped, ...without } = scanFormRequest();
    expect(request('POST', '/scan-forms/v3/scan-form', without)).toEqual([{ in: 'body', at: 'destinationEntryFacilityType', message: "must have required property 'destinationEntryFacilityType'" }]);
  });

  it('refuses a SCAN form request whose address is nested as in USPS/api-examples (the spec has it flat), or that names a field the spec does not have', () => {
    const { fromAddress, ...rest } = scanFormRequest();
    expect(fields(request('POST', '/scan-forms/v3/scan-form', { ...rest, fromAddress: { firstName: 'Ada', lastName: 'Lovelace', address: fromAddress } }))).toEqual(
      expect.arrayContaining(['fromAddress.streetAddress', 'fromAddress.city', 'fromAddress.state', 'fromAddress.ZIPCode']),
    );
    expect(fields(request('POST', '/scan-forms/v3/scan-form', { ...scanFormRequest(), entryFacilityZIPPlus4: '' }))).toEqual(['entryFacilityZIPPlus4']);
  });

  it('refuses an AddressResponse that carries the old names addressAdditionalInfo, addressCorrections and addressMatches', () => {
    const answer = (body: Json) => specs.checkAnswer({ method: 'GET', url: '/addresses/v3/address?streetAddress=350%20Fifth%20Ave&state=NY&city=New%20York' }, { status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    expect(answer(addressResponse())).toEqual([]);
    const { additionalInfo, corrections, matches, ...rest } = addressResponse();
    const old = answer({ ...rest, addressAdditionalInfo: additionalInfo, addressCorrections: corrections, addressMatches: matches });
    expect(fields(old)).toEqual(['addressAdditionalInfo', 'addressCorrections', 'addressMatches']);
    expect(old[0]?.message).toMatch(/not a property the spec allows/);
  });

  it('takes null only where OpenAPI 3.0 `nullable` allows it: a label request ZIPPlus4, not an address answer firm', () => {
    const { requests } = publishedExamples(specs.documentAt('/labels/v3'), '/label', 'post');
    const example = requests.find((candidate) => candidate.name === 'GroundAdvantageRequestWithImageInfo')?.value as Json & { toAddress: Json };
    expect(request('POST', '/labels/v3/label', { ...example, toAddress: { ...example.toAddress, ZIPPlus4: null } }, { 'X-Payment-Authorization-Token': 't' })).toEqual([]);
    const answer = specs.checkAnswer({ method: 'GET', url: '/addresses/v3/address?streetAddress=1%20Main%20St&state=NY&city=X' }, { status: 200, contentType: 'application/json', body: JSON.stringify({ ...addressResponse(), firm: null }) });
    expect(answer).toEqual([{ in: 'body', at: 'firm', message: 'must be string' }]);
  });

  it('reads exclusiveMinimum as OpenAPI 3.0 writes it: a weight of 0 is refused, 0.1 is not', () => {
    const { requests } = publishedExamples(specs.documentAt('/labels/v3'), '/label', 'post');
    const example = requests.find((candidate) => candidate.name === 'GroundAdvantageRequestWithImageInfo')?.value as Json & { packageDescription: Json };
    const weighing = (weight: number) => request('POST', '/labels/v3/label', { ...example, packageDescription: { ...example.packageDescription, weight } }, { 'X-Payment-Authorization-Token': 't' });
    expect(weighing(0.1)).toEqual([]);
    expect(weighing(0)).toContainEqual({ in: 'body', at: 'packageDescription.weight', message: 'must be > 0' });
  });

  it('checks parameters: a required query parameter missing, a pattern broken, a query parameter the spec lacks, a required header, a header format', () => {
    const address = (query: string) => specs.checkRequest({ method: 'GET', url: `/addresses/v3/address?${query}`, headers: {}, body: '' });
    expect(address('streetAddress=1%20Main%20St&state=NY&city=Albany&ZIPCode=12207')).toEqual([]);
    expect(address('state=NY&city=Albany&ZIPCode=1220&ZIPcode=12207')).toEqual([
      { in: 'query', at: 'streetAddress', message: 'is required (query parameter)' },
      { in: 'query', at: 'ZIPCode', message: 'must match pattern "^\\d{5}$"' },
      { in: 'query', at: 'ZIPcode', message: 'is not a query parameter of this operation' },
    ]);
    const cancel = (headers: Record<string, string>) => specs.checkRequest({ method: 'DELETE', url: '/labels/v3/label/9205590000000000000001', headers, body: '' });
    expect(cancel({ 'x-payment-authorization-token': 't' })).toEqual([]);
    expect(cancel({})).toEqual([{ in: 'header', at: 'X-Payment-Authorization-Token', message: 'is required (header parameter)' }]);
    const { requests } = publishedExamples(specs.documentAt('/labels/v3'), '/label', 'post');
    const keyed = request('POST', '/labels/v3/label', requests[0]?.value, { 'X-Payment-Authorization-Token': 't', 'X-Idempotency-Key': 'order-1' });
    expect(keyed).toEqual([{ in: 'header', at: 'X-Idempotency-Key', message: 'must match format "uuid"' }]);
  });

  it('refuses a request body of a media type the operation does not take, and one that is not JSON', () => {
    expect(specs.checkRequest({ method: 'POST', url: '/scan-forms/v3/scan-form', headers: { 'content-type': 'text/plain' }, body: 'x' })).toEqual([
      { in: 'content-type', at: 'text/plain', message: 'is not a documented request media type (application/json, application/xml)' },
    ]);
    expect(specs.checkRequest({ method: 'POST', url: '/scan-forms/v3/scan-form', headers: { 'content-type': 'application/json' }, body: '{' })).toEqual([{ in: 'body', at: '', message: 'is not JSON' }]);
  });

  describe('a multipart label answer', () => {
    const answer = (body: string) => specs.checkAnswer({ method: 'POST', url: '/labels/v3/label' }, { status: 200, contentType: 'multipart/form-data; boundary=b+1/x', body });
    const metadataPart = (metadata: unknown, name = 'labelMetadata') => ({ headers: ['Content-Type: application/json', `Content-Disposition: form-data; name="${name}"`], text: JSON.stringify(metadata) });
    const imagePart = (contentType = 'application/pdf', text = PDF_BASE64) => ({ headers: [`Content-Type: ${contentType}`, 'Content-Disposition: form-data; filename="labelImage.pdf"; name="labelImage"'], text });

    it('passes with the JSON metadata and the base64 image the spec names', () => {
      expect(answer(multipart('b+1/x', [metadataPart(labelMetadata), imagePart()]))).toEqual([]);
    });

    it('fails on a part the spec does not name, metadata that breaks LabelMetadata, an image type its encoding does not list, an image that is not base64', () => {
      expect(answer(multipart('b+1/x', [metadataPart(labelMetadata, 'labelMetaData'), imagePart()]))).toEqual([{ in: 'part', at: 'labelMetaData', message: expect.stringMatching(/not a property the spec allows/) }]);
      expect(answer(multipart('b+1/x', [metadataPart({ ...labelMetadata, postage: '9.99' }), imagePart()]))).toEqual([{ in: 'part', at: 'labelMetadata.postage', message: 'must be number' }]);
      expect(answer(multipart('b+1/x', [metadataPart(labelMetadata), imagePart('application/zpl')]))).toEqual([{ in: 'part', at: 'labelImage', message: expect.stringMatching(/^has Content-Type application\/zpl, not one of application\/octet-stream, application\/pdf/) }]);
      expect(answer(multipart('b+1/x', [metadataPart(labelMetadata), imagePart('application/pdf', '%PDF-1.7 raw bytes')]))).toEqual([{ in: 'part', at: 'labelImage', message: 'must match format "byte"' }]);
    });

    it('fails on a body with no closing delimiter, and on a Content-Type the status does not document', () => {
      expect(answer(`--b+1/x\r\nContent-Type: application/json\r\n\r\n{}\r\n`)).toEqual([{ in: 'body', at: '', message: 'is not a multipart body with a boundary and a closing delimiter' }]);
      expect(specs.checkAnswer({ method: 'POST', url: '/labels/v3/label' }, { status: 200, contentType: 'text/html', body: '<html>' })).toEqual([
        { in: 'content-type', at: 'text/html', message: expect.stringMatching(/^is not documented for status 200 \(multipart\/form-data, /) },
      ]);
    });
  });

  describe('a spec of its own', () => {
    let folder: string;
    const spec = (format: string) => {
      const file = join(folder, `${format}.yaml`);
      writeFileSync(
        file,
        [
          'openapi: 3.0.3',
          'info: {title: Parcels, version: "1.0"}',
          'servers: [{url: "https://api.example.test/parcels/v1"}]',
          'paths:',
          '  /parcel:',
          '    post:',
          '      requestBody: {required: true, content: {application/json: {schema: {$ref: "#/components/schemas/Parcel"}}}}',
          '      responses: {"201": {description: made, content: {application/json: {schema: {$ref: "#/components/schemas/Parcel"}}}}}',
          'components:',
          '  schemas:',
          `    Parcel: {type: object, required: [code], properties: {code: {type: string, format: ${format}}, weight: {type: number, minimum: 0, exclusiveMinimum: true, example: 1}}}`,
        ].join('\n'),
      );
      return file;
    };
    beforeAll(() => (folder = mkdtempSync(join(tmpdir(), 'openapi-'))));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('refuses a status the operation does not document, and takes one it does', () => {
      const parcels = new OpenApiValidator([spec('uuid')]);
      const answer = (status: number) => parcels.checkAnswer({ method: 'POST', url: '/parcels/v1/parcel' }, { status, contentType: 'application/json', body: '{"code":"8be4df61-93ca-11d2-aa0d-00e098032b8c"}' });
      expect(answer(201)).toEqual([]);
      expect(answer(200)).toEqual([{ in: 'status', at: '200', message: 'is not documented (201)' }]);
    });

    it('reads a document parsed before from its JSON copy, and parses the YAML again when the copy is unreadable', () => {
      const file = spec('date');
      const first = loadOpenApiDocument(file);
      const copy = join(tmpdir(), `openapi-${createHash('sha256').update(readFileSync(file, 'utf8')).digest('hex').slice(0, 32)}.json`);
      expect(JSON.parse(readFileSync(copy, 'utf8'))).toMatchObject({ info: { title: 'Parcels' } });
      writeFileSync(copy, '{"openapi": "3.0.3", "info": {"tit');
      expect(loadOpenApiDocument(file)).toEqual(first);
      expect(loadOpenApiDocument(file)).toEqual(first);
      rmSync(copy);
    });

    it('refuses a format ajv-formats does not check, unless it is named as one to accept unchecked', () => {
      const body = { method: 'POST', url: '/parcels/v1/parcel', headers: { 'content-type': 'application/json' }, body: '{"code":"A1","weight":0}' };
      expect(() => new OpenApiValidator([spec('parcel-code')]).checkRequest(body)).toThrow(/unknown format "parcel-code"/);
      expect(new OpenApiValidator([spec('parcel-code')], { uncheckedFormats: ['parcel-code'] }).checkRequest(body)).toEqual([{ in: 'body', at: 'weight', message: 'must be > 0' }]);
    });
  });
});
