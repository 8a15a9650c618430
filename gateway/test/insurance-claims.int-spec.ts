import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { describeInsuranceClaims, INSURANCE_CLAIMS_ENV } from './support/insurance-claims.suite';
import { sharedSystem } from './support/shared-system';

// Every label scanned at once and claims decided at their first look: settings of their own, so a system of their own.
describe('embedded', () => {
  describeInsuranceClaims('embedded', sharedSystem(() => startEmbedded(INSURANCE_CLAIMS_ENV)));
});

describe('distributed', () => {
  describeInsuranceClaims('distributed', sharedSystem(() => startDistributed(INSURANCE_CLAIMS_ENV)));
});
