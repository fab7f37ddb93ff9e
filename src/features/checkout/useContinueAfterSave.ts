import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * "Continue" on a step whose choices save as they are made: goes on once the last change is
 * saved, and stays (the step shows the problem and "Try again") if it was not.
 */
export function useContinueAfterSave(saving: boolean, failed: boolean) {
  const navigate = useNavigate();
  const [destination, setDestination] = useState<string | null>(null);

  useEffect(() => {
    if (destination === null || saving) return;
    if (failed) setDestination(null);
    else void navigate(destination);
  }, [destination, saving, failed, navigate]);

  return {
    continueTo: setDestination,
    /** Continue was pressed and waits for a change still being saved. */
    waiting: destination !== null,
  };
}
