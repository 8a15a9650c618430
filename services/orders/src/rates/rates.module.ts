import { Module } from '@nestjs/common';
import { CarriersModule } from '../carriers';
import { BulkRates } from './bulk-rates';
import { CompareRatesUseCase } from './compare-rates.usecase';
import { RatesController } from './rates.controller';
import { ServiceCosts } from './service-cost';

/** Rates compared across the carriers' services for one parcel, at the customer's prices (issue 45). */
@Module({
  imports: [CarriersModule],
  controllers: [RatesController],
  providers: [CompareRatesUseCase, BulkRates, ServiceCosts],
  exports: [CompareRatesUseCase, BulkRates, ServiceCosts],
})
export class RatesModule {}
