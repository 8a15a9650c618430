import { Module } from '@nestjs/common';
import { FilesModule } from '../files';
import { LabelPaper } from './label-paper';
import { LabelSettingsController } from './label-settings.controller';
import { LabelSettingsRepository } from './label-settings.repository';

/** Each user's label size, and single PDF labels put on Letter paper for those who print on it (decision 096). */
@Module({
  imports: [FilesModule],
  controllers: [LabelSettingsController],
  providers: [LabelSettingsRepository, LabelPaper],
  exports: [LabelPaper],
})
export class LabelSizeModule {}
