import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { selectForcedVariations, selectSessionId } from '@/features/session/sessionSlice';
import { pickVariation, type ExperimentName, type Variation } from '@/config/experiments';
import { recordExposure } from './exposure';

/**
 * The variation this session sees: forced by `?force-opty`, else its stable bucket. Seeing it is
 * an exposure: recorded on the venue's dataLayer once per experiment per page view.
 */
export function useVariation<N extends ExperimentName>(name: N): Variation<N> {
  const sessionId = useAppSelector(selectSessionId);
  const forced = useAppSelector(selectForcedVariations);
  const variation = pickVariation(name, { sessionId, forced });
  const pageView = useLocation();
  useEffect(() => recordExposure(pageView, name, variation), [pageView, name, variation]);
  return variation;
}
