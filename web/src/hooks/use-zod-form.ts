import { useCallback, useMemo, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { z } from 'zod';

/** Messages that speak about the whole form: shown once above the fields, never repeated under each one. */
const FORM_LEVEL_MESSAGES = new Set(['Please fill in all fields']);

export interface FieldState {
  invalid: boolean;
  message: string | undefined;
}

/**
 * A text form validated by a contract schema on every keystroke. A field shows its error once it has
 * been left or the form was submitted; the first issue becomes the form-level message after a submit.
 */
export const useZodForm = <V extends Record<string, string>, Out>(schema: z.ZodType<Out>, initial: V) => {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const issues = useMemo(() => (result.success ? [] : result.error.issues), [result]);

  const setValue = useCallback((name: keyof V, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  /** Sets several fields at once, e.g. when a saved address fills a whole section. */
  const patchValues = useCallback((patch: Partial<V>) => {
    setValues((current) => ({ ...current, ...patch }));
  }, []);

  /** Starts over: new values, nothing touched, no submit attempt. */
  const reset = useCallback((next: V) => {
    setValues(next);
    setTouched({});
    setSubmitted(false);
  }, []);

  const field = (name: keyof V) => ({
    name: String(name),
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
  });

  const fieldState = (name: keyof V): FieldState => {
    if (!submitted && !touched[name]) return { invalid: false, message: undefined };
    const issue = issues.find((candidate) => candidate.path[0] === name);
    if (!issue) return { invalid: false, message: undefined };
    return { invalid: true, message: FORM_LEVEL_MESSAGES.has(issue.message) ? undefined : issue.message };
  };

  const formError = submitted ? issues[0]?.message : undefined;

  const handleSubmit = (onValid: (data: Out) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (result.success) onValid(result.data);
  };

  return { values, setValue, patchValues, reset, field, fieldState, formError, handleSubmit };
};
