import { customsRequiredFor, eeiFilingFor, type ContentsType, type CustomsInput, type FieldIssue, type NonDeliveryOption } from '@labeldesk/contracts';
import { useState } from 'react';
import { dollarInputToCents } from '../../../libs/format';

/** One item as typed: text in every input, the value in dollars. */
export interface CustomsItemDraft {
  description: string;
  quantity: string;
  value: string;
  weight_lb: string;
  hs_tariff_number: string;
  origin_country: string;
}

const emptyItem = (): CustomsItemDraft => ({ description: '', quantity: '1', value: '', weight_lb: '', hs_tariff_number: '', origin_country: 'US' });

/** A typed value as cents, or the text itself for the server to refuse in its own words (never a guessed 0). */
const centsOf = (value: string): number | string => dollarInputToCents(value) ?? value;

/**
 * The Customs section's state (decision 098): needed when the receiver is abroad (or at APO/FPO/DPO and the territories
 * that take it), sent as the order's `customs`; the server's messages come back on their fields.
 */
export const useCustomsForm = (receiver: { country: string; state: string }) => {
  const [contentsType, setContentsType] = useState<ContentsType>('merchandise');
  const [contentsExplanation, setContentsExplanation] = useState('');
  const [nonDelivery, setNonDelivery] = useState<NonDeliveryOption>('return');
  const [signer, setSigner] = useState('');
  const [itn, setItn] = useState('');
  const [items, setItems] = useState<CustomsItemDraft[]>([emptyItem()]);
  const needed = receiver.country !== '' && customsRequiredFor(receiver);

  const setItem = (index: number, change: Partial<CustomsItemDraft>) => setItems((all) => all.map((item, i) => (i === index ? { ...item, ...change } : item)));
  const addItem = () => setItems((all) => [...all, emptyItem()]);
  const removeItem = (index: number) => setItems((all) => (all.length > 1 ? all.filter((_, i) => i !== index) : all));

  const customs: CustomsInput = {
    contents_type: contentsType,
    ...(contentsType === 'other' ? { contents_explanation: contentsExplanation } : {}),
    non_delivery_option: nonDelivery,
    signer,
    ...(itn.trim() !== '' ? { itn } : {}),
    items: items.map(({ value, ...item }) => ({ ...item, value_cents: centsOf(value) })),
  };
  // The ITN field shows when a Schedule B line is over $2,500 (or one was typed): NOEEI 30.37(a) covers the rest.
  const lines = items.map((item) => ({ description: item.description, value_cents: dollarInputToCents(item.value) ?? 0, hs_tariff_number: item.hs_tariff_number.replace(/[\s.-]/g, '') || null }));
  const itnNeeded = eeiFilingFor(lines, receiver.country).kind === 'itn_required' || itn !== '';

  const reset = () => {
    setItems([emptyItem()]);
    setItn('');
  };

  return {
    needed,
    contentsType,
    setContentsType,
    contentsExplanation,
    setContentsExplanation,
    nonDelivery,
    setNonDelivery,
    signer,
    setSigner,
    itn,
    setItn,
    itnNeeded,
    items,
    setItem,
    addItem,
    removeItem,
    reset,
    /** The order's `customs` while it is needed, else nothing. */
    payload: needed ? { customs } : {},
  };
};

export type CustomsFormApi = ReturnType<typeof useCustomsForm>;

/** The server's message for a field under `customs` (`items.1.hs_tariff_number`), if it sent one. */
export const customsIssue = (issues: readonly FieldIssue[], path: string): string | undefined => {
  const wanted = path === '' ? 'customs' : `customs.${path}`;
  return issues.find((issue) => issue.path === wanted)?.message;
};
