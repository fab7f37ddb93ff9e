import { useEffect, useRef, useState } from 'react';

/** A screen reader hears the place at most this often while nothing else changes. */
export const ANNOUNCE_GAP_MS = 60_000;

/**
 * What a polite live region should say: a new `stage` (pre-queue, waiting, admitted, a problem)
 * is said at once; a changed `message` within the same stage (the place moving up every few
 * seconds) only once `gapMs` has passed since the last announcement, so a listener hears the
 * queue move now and then instead of every tick.
 */
export function usePoliteAnnouncement(message: string, stage: string, gapMs = ANNOUNCE_GAP_MS) {
  const [announced, setAnnounced] = useState(message);
  const last = useRef({ stage, at: Date.now() });
  useEffect(() => {
    if (message === announced) return;
    const wait = stage !== last.current.stage ? 0 : last.current.at + gapMs - Date.now();
    const say = () => {
      last.current = { stage, at: Date.now() };
      setAnnounced(message);
    };
    if (wait <= 0) {
      say();
      return;
    }
    const timer = window.setTimeout(say, wait);
    return () => window.clearTimeout(timer);
  }, [announced, gapMs, message, stage]);
  return announced;
}
