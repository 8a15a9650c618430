import { useState, type FormEvent } from 'react';

/** The filters every search form keeps: a text and a span of UTC days, applied together with Search. */
interface TextAndDays {
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The typed part of a search form (the text and the two days), held until Search (or Enter) applies it with the
 * filters already applied, so a half-typed word never reaches the server; Clear empties it and applies no filters.
 */
export const useSearchForm = <F extends TextAndDays>(value: F, onApply: (filters: Partial<F>) => void) => {
  const [q, setQ] = useState(value.q ?? '');
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const datesInvalid = from !== '' && to !== '' && from > to;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!datesInvalid) onApply({ ...value, q: q.trim() || undefined, from: from || undefined, to: to || undefined });
  };
  const clear = () => {
    setQ('');
    setFrom('');
    setTo('');
    onApply({});
  };
  return { q, setQ, from, setFrom, to, setTo, datesInvalid, submit, clear };
};
