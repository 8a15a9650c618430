/** What other features may use of the rates comparison: the module, its use case, the rates of many parcels (bulk), and one service's cost for a parcel (a label priced as cost + markup). */
export { RatesModule } from './rates.module';
export { CompareRatesUseCase } from './compare-rates.usecase';
export { BulkRates, type OfferedRate } from './bulk-rates';
export { ServiceCosts } from './service-cost';
