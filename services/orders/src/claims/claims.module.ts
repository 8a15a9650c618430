import { Module } from '@nestjs/common';
import { InsuranceModule } from '../insurance';
import { LifecycleModule } from '../lifecycle';
import { ClaimDecider } from './claim-decider';
import { ClaimInsurers } from './claim-insurers';
import { ClaimPayout } from './claim-payout';
import { ClaimsController } from './claims.controller';
import { ClaimsRepository } from './claims.repository';
import { FileClaimUseCase } from './file-claim.usecase';

/** Insurance claims on insured labels (decision 102): filing, the insurer's decision and the payout, exactly once. */
@Module({
  imports: [LifecycleModule, InsuranceModule],
  controllers: [ClaimsController],
  providers: [ClaimsRepository, ClaimInsurers, ClaimPayout, FileClaimUseCase, ClaimDecider],
})
export class ClaimsModule {}
