import type { AddressVerificationResult } from '@labeldesk/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { verifyAddressAnswer } from '../../../services/orders/verify-address';
import { addressesToAsk, suggestionsByRow, type Answers } from './bulk-address-suggestions';
import type { BulkRow } from './bulk-rows';

/** Distinct addresses one page asks the carrier about at most: a carrier's quota is not spent on a whole file. */
const MAX_ADDRESSES = 500;
const PARALLEL = 4;

/**
 * The carrier's suggestions for the table's addresses (issue 26). The first answer says whether the server asks a
 * carrier at all (ADDRESS_CHECK=carrier); if not, nothing more is asked. Each distinct address is asked once.
 */
export const useBulkAddressSuggestions = (rows: readonly BulkRow[]) => {
  const [answers, setAnswers] = useState<Answers>(new Map());
  const [carrierChecks, setCarrierChecks] = useState<boolean | null>(null);
  const asked = useRef(new Set<string>());

  useEffect(() => {
    if (carrierChecks === false) return;
    const wanted = [...addressesToAsk(rows, asked.current, MAX_ADDRESSES)];
    if (wanted.length === 0) return;
    // Only the first address is asked before the server has said whether it checks with a carrier.
    const batch = carrierChecks ? wanted : wanted.slice(0, 1);
    batch.forEach(([key]) => asked.current.add(key));
    const record = (key: string, verification: AddressVerificationResult | null) => setAnswers((current) => new Map(current).set(key, verification));
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < batch.length) {
        const item = batch[next++];
        if (!item) return;
        const [key, address] = item;
        const answer = await verifyAddressAnswer(address).catch(() => null);
        if (answer && answer.mode !== 'carrier') {
          setCarrierChecks(false);
          return;
        }
        if (answer) setCarrierChecks(true);
        record(key, answer?.verification ?? null);
      }
    };
    void Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, worker));
  }, [rows, carrierChecks]);

  const suggestions = useMemo(() => suggestionsByRow(rows, answers), [rows, answers]);
  return { suggestions };
};
