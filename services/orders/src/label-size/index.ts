/** Label sizes (decision 096): the module, and the paper a single label downloads on. */
export { LabelSizeModule } from './label-size.module';
export { LabelPaper, letterFileName } from './label-paper';
export { LabelSettingsRepository } from './label-settings.repository';
export { labelOnLetter } from './letter-layout';
