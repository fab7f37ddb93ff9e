import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useAppHistory } from './AppHistoryContext';
import { UNBLOCKED } from './createAppHistory';
import type { Blocker, BlockerFunction } from './types';

/**
 * React Router's useBlocker for the shop's history (declarative mode has none): a move that
 * `shouldBlock` answers true for waits for the returned blocker's proceed() or reset().
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const history = useAppHistory('useBlocker');
  const [blocker, setBlocker] = useState<Blocker>(UNBLOCKED);
  // Asked at navigation time with the latest function, so it may read the store as it is then
  // rather than as it was at the last render.
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => {
    const uninstall = history.block((transition) => latest.current(transition), setBlocker);
    return () => {
      uninstall();
      setBlocker(UNBLOCKED);
    };
  }, [history]);
  return blocker;
}
