import { useAppSelector } from '@/app/hooks';
import { selectForcedVariations, selectSessionId } from '@/features/session/sessionSlice';
import { pickVariation, type ExperimentName, type Variation } from '@/config/experiments';

/** The variation this session sees: forced by `?force-opty`, else its stable bucket. */
export function useVariation<N extends ExperimentName>(name: N): Variation<N> {
  const sessionId = useAppSelector(selectSessionId);
  const forced = useAppSelector(selectForcedVariations);
  return pickVariation(name, { sessionId, forced });
}
