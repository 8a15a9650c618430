import { Module } from '@nestjs/common';
import { AddressVerifier } from './address/address-verifier';
import { CarrierAlerts } from './alerts/carrier-alerts';
import { CarrierAlertsController } from './alerts/carrier-alerts.controller';
import { CarrierAlertsRepository } from './alerts/carrier-alerts.repository';
import { CARRIER_REGISTRY } from './carrier.port';
import { carrierRegistryProvider } from './carrier.provider';
import { LabelPurchaser } from './purchase/label-purchaser';
import { PurchaseJournalRepository } from './purchase/purchase-journal.repository';
import { ShipperContacts } from './shipper/shipper-contacts';

/** The carrier adapters behind one registry, the label purchase with its journal, address checks and carrier alerts. */
@Module({
  controllers: [CarrierAlertsController],
  providers: [carrierRegistryProvider, AddressVerifier, PurchaseJournalRepository, LabelPurchaser, ShipperContacts, CarrierAlertsRepository, CarrierAlerts],
  exports: [CARRIER_REGISTRY, AddressVerifier, LabelPurchaser, ShipperContacts, CarrierAlerts],
})
export class CarriersModule {}
