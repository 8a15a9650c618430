import { Module } from '@nestjs/common';
import { CarriersModule } from '../carriers';
import { CompareRatesUseCase } from './compare-rates.usecase';
import { RatesController } from './rates.controller';

/** Rates compared across the carriers' services for one parcel, at the customer's prices (issue 45). */
@Module({
  imports: [CarriersModule],
  controllers: [RatesController],
  providers: [CompareRatesUseCase],
  exports: [CompareRatesUseCase],
})
export class RatesModule {}
