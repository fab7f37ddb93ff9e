import { useEffect, useState } from 'react';

/** "4:05": minutes and seconds left, as the reservation timer shows them. */
export function minutesAndSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1_000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "4:05" left before `deadline` on the page's clock, ticking each second while shown. */
export function TimeLeft({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return <strong>{minutesAndSeconds(deadline - now)}</strong>;
}
