import type { PricingBody, Service } from '@labeldesk/contracts';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { FieldState } from '../../hooks/use-zod-form';
import { errorMessage } from '../../libs/http-client';
import { checkPricingDraft, pricingDraftOf } from './pricing-draft';
import type { PricingDraft } from './pricing-draft';

/**
 * The pricing dialog's state: the draft from what is saved, each field's message once it was typed in or a save was
 * tried, and a save that sends nothing the server's schema would refuse.
 */
export const usePricingForm = (shippingService: Service, onSave: (pricing: PricingBody) => Promise<unknown>, onSaved: () => void) => {
  const [draft, setDraft] = useState<PricingDraft>(() => pricingDraftOf(shippingService));
  const [touched, setTouched] = useState<Partial<Record<keyof PricingDraft, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const check = checkPricingDraft(draft, shippingService);
  const errors = check.ok ? {} : check.errors;

  const fieldState = (field: 'markupPercent' | 'markupDollars'): FieldState => {
    const message = submitted || touched[field] ? errors[field] : undefined;
    return { invalid: message !== undefined, message };
  };

  const edit = (field: keyof PricingDraft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    if (!check.ok) return;
    setSaving(true);
    setServerError(null);
    try {
      await onSave(check.body);
      onSaved();
    } catch (error) {
      setServerError(errorMessage(error, 'Failed to update service pricing. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return { draft, saving, serverError, fieldState, edit, submit };
};
