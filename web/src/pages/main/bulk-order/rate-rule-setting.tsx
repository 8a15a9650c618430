import { Box, Fieldset, Flex, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { RATE_RULE_MAX_DAYS } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import type { RateRuleChoice, RateRuleKind } from './use-rate-rule';

export type RateRuleSettingProps = Omit<RateRuleChoice, 'rateRule'> & { disabled: boolean };

const RULES: ReadonlyArray<{ value: RateRuleKind; text: string }> = [
  { value: 'service', text: 'Service from the file' },
  { value: 'cheapest', text: 'Cheapest' },
  { value: 'cheapest_within', text: 'Cheapest within' },
];

const DAYS = Array.from({ length: RATE_RULE_MAX_DAYS }, (_, i) => i + 1);

const isRuleKind = (value: string | null): value is RateRuleKind => RULES.some((rule) => rule.value === value);

const ruleHelp = (kind: RateRuleKind): string =>
  kind === 'service'
    ? 'Each row is bought as the service it names. A row saying "Cheapest" or "Cheapest within 3 days" follows that rule.'
    : "Each row is rated and bought at its parcel's rate the rule picks, whatever service the file names.";

/** How the batch's rows choose their service (decision 086): the file's, the cheapest rate, or the cheapest in time. */
export const RateRuleSetting = ({ ruleKind, ruleDays, onRuleKindChange, onRuleDaysChange, disabled }: RateRuleSettingProps): ReactElement => (
  <Fieldset.Root disabled={disabled} gap="0">
    <Fieldset.Legend textStyle="sm" fontWeight="medium" mb="1.5">
      Rates
    </Fieldset.Legend>
    <Stack gap="2">
      <RadioGroup.Root size="sm" value={ruleKind} onValueChange={(details) => isRuleKind(details.value) && onRuleKindChange(details.value)} disabled={disabled} data-testid="bulk-rate-rule">
        <Flex gap="4" wrap="wrap" align="center">
          {RULES.map((rule) => (
            <RadioGroup.Item key={rule.value} value={rule.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{rule.value === 'cheapest_within' ? `${rule.text} N days` : rule.text}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Flex>
      </RadioGroup.Root>
      {ruleKind === 'cheapest_within' && (
        <Box maxW="12rem">
          <SelectField label="Arriving within" size="sm" value={String(ruleDays)} disabled={disabled} onChange={(value) => onRuleDaysChange(Number(value))}>
            {DAYS.map((days) => (
              <option key={days} value={days}>
                {days} {days === 1 ? 'business day' : 'business days'}
              </option>
            ))}
          </SelectField>
        </Box>
      )}
      <Text textStyle="xs" color="fg.muted">
        {ruleHelp(ruleKind)}
      </Text>
    </Stack>
  </Fieldset.Root>
);
