export { InsuranceModule } from './insurance.module';
export { LabelExtrasRepository } from './label-extras.repository';
export { extrasTotalCents, insuranceFeeCents, insuringCarriers, NO_EXTRAS, priceExtras, type ExtrasPrice } from './extra-services-pricing';
