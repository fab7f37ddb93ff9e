import { beforeEach, describe, expect, it } from 'vitest';
import { recordExposure } from './exposure';

const dataLayer = () => (window as { dataLayer?: unknown[] }).dataLayer;

describe('experiment exposures on the dataLayer', () => {
  beforeEach(() => {
    delete (window as { dataLayer?: unknown[] }).dataLayer;
  });

  it('records each experiment once per page view, and again on the next page view', () => {
    const showPage = {};
    recordExposure(showPage, 'showCta', 'book');
    recordExposure(showPage, 'showCta', 'book');
    recordExposure(showPage, 'calendarLayout', 'list');
    const calendarPage = {};
    recordExposure(calendarPage, 'showCta', 'book');
    expect(dataLayer()).toEqual([
      { event: 'experiment_exposure', experiment: 'showCta', variation: 'book' },
      { event: 'experiment_exposure', experiment: 'calendarLayout', variation: 'list' },
      { event: 'experiment_exposure', experiment: 'showCta', variation: 'book' },
    ]);
  });

  it('adds to a dataLayer the tag manager made first, keeping what it holds', () => {
    (window as { dataLayer?: unknown[] }).dataLayer = [{ event: 'gtm.js' }];
    recordExposure({}, 'tpCopy', 'b');
    expect(dataLayer()).toEqual([
      { event: 'gtm.js' },
      { event: 'experiment_exposure', experiment: 'tpCopy', variation: 'b' },
    ]);
  });
});
