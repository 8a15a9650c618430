import { Module } from '@nestjs/common';
import { BulkModule } from '../bulk';
import { BatchSearchRepository } from './batch-search.repository';
import { OrderSearchRepository } from './order-search.repository';
import { SearchController } from './search.controller';

/** The seller's searches over their orders and batches, paged or exported as CSV (issue 49). */
@Module({
  imports: [BulkModule],
  controllers: [SearchController],
  providers: [OrderSearchRepository, BatchSearchRepository],
})
export class SearchModule {}
