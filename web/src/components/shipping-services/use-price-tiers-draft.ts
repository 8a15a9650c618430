import type { PriceTier } from '@labeldesk/contracts';
import { useMemo, useState } from 'react';
import { checkTierDrafts, tierDraftsChanged, tierDraftsFrom, tierDraftsReach } from './tier-draft';
import type { TierDraft, TierFieldErrors } from './tier-draft';

export type ErrorsByKey = Record<string, TierFieldErrors>;

const errorsByKey = (drafts: readonly TierDraft[], errors: readonly TierFieldErrors[]): ErrorsByKey =>
  Object.fromEntries(drafts.map((draft, index) => [draft.key, errors[index] ?? {}]));

/**
 * The tiers being edited and their errors. Save checks the spec's rules first and sends nothing that breaks them;
 * once a save was refused, the checks rerun on every change.
 */
export const usePriceTiersDraft = (maxWeight: number, prices: readonly PriceTier[], onSave: (prices: PriceTier[]) => Promise<boolean>) => {
  const [drafts, setDrafts] = useState<TierDraft[]>(() => tierDraftsFrom(prices));
  const [fieldErrors, setFieldErrors] = useState<ErrorsByKey>({});
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);
  const changed = useMemo(() => tierDraftsChanged(drafts, prices), [drafts, prices]);

  const showCheck = (next: readonly TierDraft[]) => {
    const result = checkTierDrafts(next, maxWeight);
    setFieldErrors(result.ok ? {} : errorsByKey(next, result.fieldErrors));
    setRangeError(result.ok ? null : result.rangeError);
    return result;
  };

  const change = (next: TierDraft[]) => {
    setDrafts(next);
    if (checking) showCheck(next);
  };

  const save = async () => {
    if (saving) return;
    setChecking(true);
    const result = showCheck(drafts);
    if (!result.ok) return;
    setSaving(true);
    await onSave(result.tiers);
    setSaving(false);
  };

  const reset = () => {
    setDrafts(tierDraftsFrom(prices));
    setFieldErrors({});
    setRangeError(null);
    setChecking(false);
  };

  return { drafts, fieldErrors, rangeError, saving, changed, rangesComplete: tierDraftsReach(drafts, maxWeight), change, save, reset };
};
