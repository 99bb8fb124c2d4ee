import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`: edit and delete buttons disappear when the grace period ends. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
