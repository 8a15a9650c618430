import { Field, Input } from '@chakra-ui/react';
import type { InputProps } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import type { FieldState } from '../../hooks/use-zod-form';

interface FormFieldProps extends Omit<InputProps, 'size'> {
  label: string;
  state?: FieldState;
  helperText?: string;
}

/** A labelled input: the label is tied to the input, and an error replaces the hint when there is one. */
export const FormField = ({ label, state, helperText, disabled, required, ...inputProps }: FormFieldProps): ReactElement => (
  <Field.Root invalid={state?.invalid ?? false} disabled={disabled ?? false} required={required ?? false}>
    <Field.Label>
      {label}
      {required && <Field.RequiredIndicator />}
    </Field.Label>
    <Input {...inputProps} />
    {state?.message ? (
      <Field.ErrorText>{state.message}</Field.ErrorText>
    ) : (
      helperText && <Field.HelperText>{helperText}</Field.HelperText>
    )}
  </Field.Root>
);
