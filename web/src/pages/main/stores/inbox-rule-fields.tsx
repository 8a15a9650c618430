import { Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import type { AvailableService } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { SelectField } from '../../../components/ui/select-field';

/** How the batch chooses each order's service (decision 086): the cheapest, the cheapest within N days, or one service. */
export type RuleChoice = 'cheapest' | 'cheapest_within' | 'service';

const RULES = [
  ['cheapest', 'The cheapest for each parcel'],
  ['cheapest_within', 'The cheapest arriving within'],
  ['service', 'One service for all'],
] as const;

interface InboxRuleFieldsProps {
  rule: RuleChoice;
  onRule: (rule: RuleChoice) => void;
  days: string;
  onDays: (days: string) => void;
  service: string;
  onService: (service: string) => void;
  services: readonly AvailableService[];
}

/** The batch's rate rule: three choices, with the days or the service the chosen one asks for. */
export const InboxRuleFields = ({ rule, onRule, days, onDays, service, onService, services }: InboxRuleFieldsProps): ReactElement => (
  <>
    <RadioGroup.Root value={rule} onValueChange={(details) => onRule(details.value as RuleChoice)} aria-label="How each order's service is chosen">
      <Stack gap="2">
        <Text fontWeight="medium" textStyle="sm">
          Service
        </Text>
        {RULES.map(([value, label]) => (
          <RadioGroup.Item key={value} value={value}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
    {rule === 'cheapest_within' && <Input aria-label="Business days" type="number" min={1} max={10} w="24" value={days} onChange={(event) => onDays(event.target.value)} />}
    {rule === 'service' && (
      <SelectField label="Service" value={service} onChange={onService} placeholder="Please select a service">
        {services.map((option) => (
          <option key={option.uid} value={option.name}>
            {option.name}
          </option>
        ))}
      </SelectField>
    )}
  </>
);
