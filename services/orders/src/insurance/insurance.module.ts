import { Module } from '@nestjs/common';
import { LabelExtrasRepository } from './label-extras.repository';

/** A label's extra services (decision 102): their rows, read by single orders when placed and by claims. */
@Module({
  providers: [LabelExtrasRepository],
  exports: [LabelExtrasRepository],
})
export class InsuranceModule {}
