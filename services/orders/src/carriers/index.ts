/**
 * What other features may use of the carriers: the module, the carrier port's types and tokens, the registry, the
 * purchase, and the sandbox label for tests and files.
 */
export { CarriersModule } from './carriers.module';
export { AddressVerifier } from './address/address-verifier';
export { CarrierAlerts } from './alerts/carrier-alerts';
export { CarrierAlertsRepository } from './alerts/carrier-alerts.repository';
export { unconfirmedScanFormText } from './alerts/unreadable-answer';
export {
  type BoughtLabel,
  CARRIER_IDS,
  CARRIER_REGISTRY,
  type CarrierAdapter,
  type CarrierId,
  type CarrierPackagingRate,
  type CarrierRefs,
  type LabelAddress,
  type LabelFormat,
  type LabelShipment,
  type LabelToVoid,
  MAX_LABELS_PER_SCAN_FORM,
  type PurchaseOutcome,
  type ScanFormOutcome,
  type ScanFormRequest,
  TRACKING_STATUSES,
  type TrackingReport,
  type TrackingStatus,
  UNUSED_TRACKING_STATUSES,
  type VoidOutcome,
} from './carrier.port';
export { catalogServiceOf, courierOfService, SHIPPING_SERVICE_CATALOG, type CatalogService } from './catalog/shipping-service-catalog';
export { courierCarrying, courierMismatch } from './catalog/service-courier';
export { CARRIER_PLUGINS, carrierPluginOf, type RegisteredCarrierPlugin, SAMPLE_LABEL_CARRIERS } from './carrier-plugins';
export { CARRIER_SETTINGS, ordersEnvWithCarriersSchema, type OrdersEnvWithCarriers } from './carrier-settings';
export { carrierClaimDesks } from './carrier-claims';
export type { CarrierPushEvent } from './plugin/carrier-plugin';
export { LabelPurchaser } from './purchase/label-purchaser';
export { settleBoughtSql } from './purchase/purchase-journal.repository';
export { CarrierRegistry } from './registry/carrier-registry';
export { type LabelRenderInput, renderLabel } from './sandbox/label-renderer';
export { SandboxCarrierError } from './sandbox/sandbox-carrier.error';
export { toShipment } from './shipment.mapper';
export { ShipperContacts } from './shipper/shipper-contacts';
export { suggestedMarkupFor, suggestedPricesFor } from './sandbox/suggested-prices';
export { returnPaymentOf } from './returns/return-terms';
