/** What other features may use of the rates comparison: the module and its use case. */
export { RatesModule } from './rates.module';
export { CompareRatesUseCase } from './compare-rates.usecase';
