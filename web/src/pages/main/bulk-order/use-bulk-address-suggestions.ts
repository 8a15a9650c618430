import type { AddressVerificationResult } from '@labeldesk/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { verifyAddressAnswer } from '../../../services/orders/verify-address';
import { addressesToAsk, indexAddresses, suggestionsByRow, warningsByRow, type AddressIndex, type Answers, type Warnings } from './bulk-address-suggestions';
import type { BulkRow } from './bulk-rows';

/** Distinct addresses one page asks about at most: a carrier's quota is not spent on a whole file. */
const MAX_ADDRESSES = 500;
const PARALLEL = 4;
const NO_ADDRESSES: AddressIndex = new Map();

/**
 * The server's look at the table's addresses (issue 26): the carrier's suggestions (ADDRESS_CHECK=carrier) and the
 * offline warnings (a city other than the ZIP's usual one). The first answer says whether the server looks at all
 * (ADDRESS_CHECK=off: nothing more is asked). Each distinct address is asked once.
 */
export const useBulkAddressSuggestions = (rows: readonly BulkRow[]) => {
  const [answers, setAnswers] = useState<Answers>(new Map());
  const [warned, setWarned] = useState<Warnings>(new Map());
  const [serverChecks, setServerChecks] = useState<boolean | null>(null);
  const asked = useRef(new Set<string>());

  useEffect(() => {
    if (serverChecks === false) return;
    const wanted = [...addressesToAsk(rows, asked.current, MAX_ADDRESSES)];
    if (wanted.length === 0) return;
    // Only the first address is asked before the server has said whether it looks at addresses.
    const batch = serverChecks ? wanted : wanted.slice(0, 1);
    batch.forEach(([key]) => asked.current.add(key));
    const record = (key: string, verification: AddressVerificationResult | null) => setAnswers((current) => new Map(current).set(key, verification));
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < batch.length) {
        const item = batch[next++];
        if (!item) return;
        const [key, address] = item;
        const answer = await verifyAddressAnswer(address).catch(() => null);
        if (answer && answer.mode === 'off') {
          setServerChecks(false);
          return;
        }
        if (answer) setServerChecks(true);
        if (answer && answer.warnings.length > 0) setWarned((current) => new Map(current).set(key, answer.warnings));
        record(key, answer?.verification ?? null);
      }
    };
    void Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, worker));
  }, [rows, serverChecks]);

  // Built once per table, and only once there is an answer to place: each answer then costs its own rows only.
  const answered = answers.size > 0 || warned.size > 0;
  const index = useMemo(() => (answered ? indexAddresses(rows) : NO_ADDRESSES), [rows, answered]);
  const suggestions = useMemo(() => suggestionsByRow(index, answers), [index, answers]);
  const addressWarnings = useMemo(() => warningsByRow(index, warned), [index, warned]);
  return { suggestions, addressWarnings };
};
