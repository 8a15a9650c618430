/** What other features may use of the rates comparison: the module, its use case, and the rates of many parcels (bulk). */
export { RatesModule } from './rates.module';
export { CompareRatesUseCase } from './compare-rates.usecase';
export { BulkRates, type OfferedRate } from './bulk-rates';
