import type { ExperimentName } from '@/config/experiments';

/** What the venue's tag manager reads from `window.dataLayer` to split an experiment's results. */
export interface ExposureEvent {
  event: 'experiment_exposure';
  experiment: ExperimentName;
  variation: string;
}

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/**
 * The experiments already recorded per page view. A page view is the router's location object,
 * a new one for each navigation (and each app mount), so nothing outlives the pages it counts.
 */
const recorded = new WeakMap<object, Set<ExperimentName>>();

/**
 * Records that the buyer was shown `variation` of `experiment`, once per experiment per page
 * view, so the venue's tag manager can tell which variation each buyer saw. Only the experiment
 * and the variation: no ids, nothing personal.
 */
export function recordExposure(
  pageView: object,
  experiment: ExperimentName,
  variation: string,
): void {
  const seen = recorded.get(pageView) ?? new Set<ExperimentName>();
  recorded.set(pageView, seen);
  if (seen.has(experiment)) return;
  seen.add(experiment);
  const target = window as DataLayerWindow;
  target.dataLayer ??= [];
  const event: ExposureEvent = { event: 'experiment_exposure', experiment, variation };
  target.dataLayer.push(event);
}
