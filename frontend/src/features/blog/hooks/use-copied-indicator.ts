import { useCallback, useEffect, useState } from 'react';

/** How long the copy button shows its check after a successful copy (spec section 9). */
export const COPIED_INDICATOR_MS = 2000;

/** A flag that turns on at each successful copy and off 2000 ms after the latest one. */
export function useCopiedIndicator() {
  // A number per copy, not a boolean: a second copy while the check shows restarts the 2000 ms.
  const [shownCopy, setShownCopy] = useState<number | null>(null);

  useEffect(() => {
    if (shownCopy === null) return;
    const timer = setTimeout(() => setShownCopy(null), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [shownCopy]);

  const markCopied = useCallback(() => setShownCopy((copy) => (copy ?? 0) + 1), []);
  return { copied: shownCopy !== null, markCopied };
}
