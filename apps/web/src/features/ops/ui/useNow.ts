import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `everyMs`: a claim that lapses while the page is open
 * shows as free again without a reload, and renders stay pure.
 */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
