import { useEffect, useState } from 'react';

/** '(Stuck Nh ago)' is recomputed this often while the page is open. */
const CLOCK_MS = 60_000;

/** The time now, moved on once a minute so that ages on screen stay true while the page is open. */
export const useMinuteClock = (): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
};
