/** `$1,234.56` from integer cents, without floating-point arithmetic on the amount. */
export const formatUsd = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
};

/** The refusal every purchase gives when the balance is short: what it costs, what there is, what is missing. */
export const insufficientBalanceMessage = (what: string, costCents: number, balanceCents: number): string =>
  costCents > balanceCents
    ? `Insufficient balance: ${what} costs ${formatUsd(costCents)} and your balance is ${formatUsd(balanceCents)}. Add ${formatUsd(costCents - balanceCents)} to continue.`
    : 'Insufficient balance: please top up your account';
