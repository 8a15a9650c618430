import { Field, NativeSelect } from '@chakra-ui/react';
import { US_STATES } from '@labeldesk/contracts';
import type { ChangeEvent, ReactElement, ReactNode } from 'react';
import type { FieldState } from '../../hooks/use-zod-form';

interface SelectFieldProps {
  label: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The empty first option, e.g. 'Please select a service'. */
  placeholder?: string;
  state?: FieldState;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
  size?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}

/** A labelled native select: the keyboard, screen readers and phones all know how to use it. */
export const SelectField = ({
  label,
  name,
  value,
  onChange,
  onBlur,
  placeholder,
  state,
  helperText,
  disabled = false,
  required = false,
  size = 'md',
  children,
}: SelectFieldProps): ReactElement => (
  <Field.Root invalid={state?.invalid ?? false} disabled={disabled} required={required}>
    <Field.Label>
      {label}
      {required && <Field.RequiredIndicator />}
    </Field.Label>
    <NativeSelect.Root size={size}>
      <NativeSelect.Field
        name={name}
        value={value}
        placeholder={placeholder}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
    {state?.message ? <Field.ErrorText>{state.message}</Field.ErrorText> : helperText && <Field.HelperText>{helperText}</Field.HelperText>}
  </Field.Root>
);

/** The built-in US states list (contracts), as `CA — California` options, or bare codes where space is tight. */
export const UsStateOptions = ({ short = false }: { short?: boolean }): ReactElement => (
  <>
    {US_STATES.map(([code, name]) => (
      <option key={code} value={code} title={name}>
        {short ? code : `${code} — ${name}`}
      </option>
    ))}
  </>
);
