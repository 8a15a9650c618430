import type { RateRule } from '@labeldesk/contracts';
import { useMemo, useState } from 'react';

export type RateRuleKind = RateRule['kind'];

export interface RateRuleChoice {
  rateRule: RateRule;
  ruleKind: RateRuleKind;
  ruleDays: number;
  onRuleKindChange: (kind: RateRuleKind) => void;
  onRuleDaysChange: (days: number) => void;
}

/** The batch's rate rule (decision 086): the rows' own services by default; the days are kept while another is chosen. */
export const useRateRule = (): RateRuleChoice => {
  const [ruleKind, setRuleKind] = useState<RateRuleKind>('service');
  const [ruleDays, setRuleDays] = useState(3);
  const rateRule = useMemo((): RateRule => (ruleKind === 'cheapest_within' ? { kind: ruleKind, days: ruleDays } : { kind: ruleKind }), [ruleKind, ruleDays]);
  return { rateRule, ruleKind, ruleDays, onRuleKindChange: setRuleKind, onRuleDaysChange: setRuleDays };
};
