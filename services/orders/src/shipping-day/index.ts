/**
 * What other features may use of the shipping day: the module and the form and slip use cases downloads answer with.
 */
export { ShippingDayModule } from './shipping-day.module';
export { PackingSlipsRepository } from './packing-slips.repository';
export { PackingSlipsUseCase } from './packing-slips.usecase';
export { type FormFile, ScanFormUseCase } from './scan-form.usecase';
export { ScanFormsRepository } from './scan-forms.repository';
export { FormDownloads } from './form-downloads';
