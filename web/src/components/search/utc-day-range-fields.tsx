import { Field, Input } from '@chakra-ui/react';
import type { ReactElement } from 'react';

interface UtcDayRangeFieldsProps {
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
}

/** A search's first and last UTC day (both inclusive), the start refused after the end as the server refuses it. */
export const UtcDayRangeFields = ({ from, to, onFrom, onTo }: UtcDayRangeFieldsProps): ReactElement => (
  <>
    <Field.Root invalid={from !== '' && to !== '' && from > to}>
      <Field.Label>From (UTC)</Field.Label>
      <Input size="sm" type="date" value={from} max={to || undefined} onChange={(e) => onFrom(e.target.value)} />
      <Field.ErrorText>The start date must not be after the end date</Field.ErrorText>
    </Field.Root>
    <Field.Root>
      <Field.Label>To (UTC)</Field.Label>
      <Input size="sm" type="date" value={to} min={from || undefined} onChange={(e) => onTo(e.target.value)} />
    </Field.Root>
  </>
);
