import { useState } from 'react';

/**
 * The last non-null value: a dialog or overlay keeps showing what it was opened for while it fades or slides out
 * after `value` went back to null. Set during render (React's pattern for state derived from a prop), so the new
 * value shows in the same render that opens it.
 */
export const useLastShown = <T>(value: T | null): T | null => {
  const [shown, setShown] = useState<T | null>(value);
  if (value !== null && value !== shown) {
    setShown(value);
    return value;
  }
  return shown;
};
