import { LABEL_CARRIERS, labelCarrierSchema } from '@labeldesk/contracts';
import { CARRIER_IDS } from '../carriers';

describe('the carriers admins filter and read labels by', () => {
  it('are exactly the carriers the registry can turn on, so every recorded carrier can be shown and filtered', () => {
    expect([...LABEL_CARRIERS].sort()).toEqual([...CARRIER_IDS].sort());
  });

  it('refuse any other carrier with a message naming the known ones', () => {
    const refused = labelCarrierSchema.safeParse('fedex');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Carrier must be one of: sandbox, easypost, usps');
  });
});
