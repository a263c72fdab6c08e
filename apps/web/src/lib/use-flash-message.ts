import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that disappears by itself, e.g. the 3 s success banners of product §2.12. */
export function useFlashMessage(durationMs: number): [string | null, (message: string) => void, () => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback(
    (next: string) => {
      window.clearTimeout(timer.current);
      setMessage(next);
      timer.current = window.setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return [message, show, clear];
}
