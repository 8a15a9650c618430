/**
 * The Admin GraphQL documents the plugin sends (named, so a fake Shopify tells them apart). Sizes keep each query
 * well under Shopify's 1,000-point single-query limit: 25 orders × (30 line items + 5 fulfillment orders) ≈ 900.
 */
export const SHOPIFY_PAGE_SIZE = 25;

export const ORDERS_QUERY = `query LabelDeskOrders($first: Int!, $after: String, $query: String!) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    nodes {
      id
      name
      createdAt
      updatedAt
      email
      phone
      shippingAddress { name firstName lastName company address1 address2 city provinceCode zip countryCodeV2 phone }
      lineItems(first: 30) { nodes { sku name unfulfilledQuantity requiresShipping } }
      fulfillmentOrders(first: 5) { nodes { id status } }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const FULFILMENT_STATE_QUERY = `query LabelDeskFulfilmentState($id: ID!) {
  order(id: $id) {
    id
    fulfillments(first: 50) { id status trackingInfo(first: 10) { number } }
    fulfillmentOrders(first: 10) { nodes { id status } }
  }
}`;

export const FULFILMENT_CREATE_MUTATION = `mutation LabelDeskFulfillmentCreate($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment { id status }
    userErrors { field message }
  }
}`;

/** Cancels a fulfillment; Shopify opens new fulfillment orders for its items, so they can be fulfilled again. */
export const FULFILMENT_CANCEL_MUTATION = `mutation LabelDeskFulfillmentCancel($id: ID!) {
  fulfillmentCancel(id: $id) {
    fulfillment { id status }
    userErrors { field message }
  }
}`;

export const SHOP_QUERY = `query LabelDeskShop {
  shop { name myshopifyDomain }
}`;
