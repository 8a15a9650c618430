import { spApiModels } from './sp-api-models';
import { openApiOfSwagger2 } from './swagger2';

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const confirmation = (quantity: unknown) => ({
  marketplaceId: 'ATVPDKIKX0DER',
  packageDetail: { packageReferenceId: '1', carrierCode: 'USPS', trackingNumber: '9400100000000000000001', shipDate: '2026-01-01T00:00:00.000Z', orderItems: [{ orderItemId: '79039765272157', quantity }] },
});

describe('the vendored Selling Partner API models, read as OpenAPI 3.0', () => {
  const models = spApiModels();

  it('accept getOrders as the import asks for it (the statuses a comma-separated list) and refuse a query the model lacks or a missing MarketplaceIds', () => {
    expect(models.checkRequest({ method: 'GET', url: '/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&OrderStatuses=Unshipped,PartiallyShipped&FulfillmentChannels=MFN&LastUpdatedAfter=2026-01-01T00:00:00Z', headers: {}, body: '' })).toEqual([]);
    expect(models.checkRequest({ method: 'GET', url: '/orders/v0/orders?OrderStatuses=Unshipped&MaxResultsPerPage=ten&Status=open', headers: {}, body: '' })).toEqual([
      { in: 'query', at: 'MarketplaceIds', message: 'is required (query parameter)' },
      { in: 'query', at: 'MaxResultsPerPage', message: 'must be integer' },
      { in: 'query', at: 'Status', message: 'is not a query parameter of this operation' },
    ]);
  });

  it('hold confirmShipment to ConfirmShipmentRequest: an item\'s quantity is an integer', () => {
    const url = '/orders/v0/orders/902-1106328-1059050/shipmentConfirmation';
    expect(models.checkRequest({ method: 'POST', url, ...json(confirmation(1)) })).toEqual([]);
    expect(models.checkRequest({ method: 'POST', url, ...json(confirmation('1')) })).toEqual([{ in: 'body', at: 'packageDetail.orderItems.0.quantity', message: 'must be integer' }]);
    expect(models.checkRequest({ method: 'POST', url: '/orders/v0/orders/902-1106328-1059050/shipment/confirmation', ...json(confirmation(1)) })[0]).toMatchObject({ in: 'operation' });
  });

  it('hold answers to their schemas: an order item needs its ASIN, OrderItemId and QuantityOrdered', () => {
    const request = { method: 'GET', url: '/orders/v0/orders/902-1106328-1059050/orderItems' };
    const answer = (item: object) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ payload: { AmazonOrderId: '902-1106328-1059050', OrderItems: [item] } }) });
    expect(models.checkAnswer(request, answer({ ASIN: 'B00551Q3CS', OrderItemId: '1', QuantityOrdered: 1 }))).toEqual([]);
    expect(models.checkAnswer(request, answer({ ASIN: 'B00551Q3CS', OrderItemId: '1' }))).toEqual([{ in: 'body', at: 'payload.OrderItems.0.QuantityOrdered', message: "must have required property 'QuantityOrdered'" }]);
  });

  it('accept a restricted data token request for getOrders\' shipping addresses and refuse one without resources', () => {
    const url = '/tokens/2021-03-01/restrictedDataToken';
    expect(models.checkRequest({ method: 'POST', url, ...json({ restrictedResources: [{ method: 'GET', path: '/orders/v0/orders', dataElements: ['shippingAddress', 'buyerInfo'] }] }) })).toEqual([]);
    expect(models.checkRequest({ method: 'POST', url, ...json({ targetApplication: 'amzn1.sellerapps.app.x' }) })).toEqual([{ in: 'body', at: 'restrictedResources', message: "must have required property 'restrictedResources'" }]);
  });

  it('turn a Swagger 2.0 document\'s host, body parameter, typed parameters, response schemas and definitions into OpenAPI 3.0, dropping x- extensions', () => {
    const converted = openApiOfSwagger2({
      swagger: '2.0',
      info: { title: 'T', version: '1' },
      host: 'api.example.com',
      schemes: ['https'],
      consumes: ['application/json'],
      produces: ['application/json'],
      paths: { '/a/{id}': { post: { operationId: 'op', 'x-amzn-api-sandbox': {}, parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }, { name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/B' } }], responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/B' } }, '204': { description: 'none' } } } } },
      definitions: { B: { type: 'object', properties: { n: { type: 'integer', 'x-docgen-enum-table-extension': [] } } } },
    });
    expect(converted).toEqual({
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: {
        '/a/{id}': {
          post: {
            operationId: 'op',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/B' } } } },
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/B' } } } }, '204': { description: 'none', content: {} } },
          },
        },
      },
      components: { schemas: { B: { type: 'object', properties: { n: { type: 'integer' } } } } },
    });
  });
});
