import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`, so 'N sec ago' texts keep moving. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
