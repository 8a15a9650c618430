import { Field, Input, NativeSelect, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { UsStateOptions } from '../select-field';
import type { EditableColumn } from './editable-columns';

interface CellEditorProps<R> {
  column: EditableColumn<R>;
  value: string;
  error: string | undefined;
  /** In the phone form each field has its header as a visible label; in the table the header above says it. */
  labelled: boolean;
  onChange: (key: string, value: string) => void;
}

/** One cell of the row being edited: a text or number input, a US state picker, or a fixed value. */
export const CellEditor = <R,>({ column, value, error, labelled, onChange }: CellEditorProps<R>): ReactElement => {
  const label = labelled && <Field.Label textStyle="xs">{column.header}</Field.Label>;
  if (column.kind === 'fixed') {
    return (
      <Field.Root>
        {label}
        <Text lineHeight="8">{value}</Text>
      </Field.Root>
    );
  }
  return (
    <Field.Root invalid={error !== undefined} minW={labelled ? undefined : (column.minW ?? '24')}>
      {label}
      {column.kind === 'state' ? (
        <NativeSelect.Root size="xs">
          <NativeSelect.Field aria-label={column.header} value={value} onChange={(event) => onChange(column.key, event.target.value)}>
            <UsStateOptions short />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : (
        <Input
          size="xs"
          aria-label={column.header}
          value={value}
          type={column.kind === 'number' ? 'number' : 'text'}
          inputMode={column.kind === 'number' ? 'decimal' : undefined}
          step={column.step}
          min={column.min}
          textAlign={column.align === 'end' ? 'end' : undefined}
          onChange={(event) => onChange(column.key, event.target.value)}
        />
      )}
      {error && <Field.ErrorText textStyle="xs">{error}</Field.ErrorText>}
    </Field.Root>
  );
};
