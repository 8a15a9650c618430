import type { ExtraServices, SignatureOption } from '@labeldesk/contracts';
import { useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { centsToDollarInput, dollarInputToCents } from '../../../libs/format';
import { useExtrasQuote } from '../../../services/claims/claims';

/** How long typing the value must pause before the fee is asked for. */
const QUOTE_DEBOUNCE_MS = 400;

/**
 * Insurance and a signature for the label being ordered (decision 102), kept beside the order form: what the buyer
 * chose, the fees for the chosen service (or the server's reason it cannot have them), and what goes in the order.
 * `skuValueCents`: the value of the SKU the package was filled from, which insurance starts at.
 */
export const useExtraServices = (serviceName: string, skuValueCents: number | null) => {
  const [insured, setInsuredState] = useState(false);
  const [declaredValue, setDeclaredValue] = useState('');
  const [signature, setSignature] = useState<SignatureOption>('none');
  const declaredCents = insured ? dollarInputToCents(declaredValue) : null;
  const valueProblem = insured && (declaredCents === null || declaredCents < 1) ? 'Enter the value to insure in dollars, for example 150.00' : null;

  /** Insuring a parcel filled from a SKU with a value starts at that value (the seller may change it). */
  const setInsured = (checked: boolean) => {
    setInsuredState(checked);
    if (checked && declaredValue.trim() === '' && skuValueCents !== null) setDeclaredValue(centsToDollarInput(skuValueCents));
  };

  const extras: ExtraServices = {
    ...(insured ? { insurance: { declared_value_cents: declaredCents ?? 0 } } : {}),
    ...(signature === 'none' ? {} : { signature }),
  };
  const asked = useDebouncedValue(JSON.stringify(extras), QUOTE_DEBOUNCE_MS);
  const wanted = serviceName !== '' && (insured || signature !== 'none') && valueProblem === null;
  const quote = useExtrasQuote(wanted ? { service_name: serviceName, ...(JSON.parse(asked) as ExtraServices) } : null);

  return {
    insured,
    setInsured,
    declaredValue,
    setDeclaredValue,
    signature,
    setSignature,
    valueProblem,
    /** The fees in cents while one is chosen and priced; 0 with none. */
    feesCents: wanted && quote.data && !quote.isError ? quote.data.totalCents : 0,
    quote: wanted ? quote : null,
    /** The order's `insurance` and `signature` fields. */
    extras,
  };
};

export type ExtraServicesApi = ReturnType<typeof useExtraServices>;
