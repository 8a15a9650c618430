import { Module } from '@nestjs/common';
import { ExtrasQuoteController } from './extras-quote.controller';
import { LabelExtrasRepository } from './label-extras.repository';

/** A label's extra services (decision 102): their quote, and their rows, written by single orders and read by claims. */
@Module({
  controllers: [ExtrasQuoteController],
  providers: [LabelExtrasRepository],
  exports: [LabelExtrasRepository],
})
export class InsuranceModule {}
