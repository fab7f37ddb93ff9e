import { lazyWithTimeout } from '@/lib/lazyWithTimeout';
import type { Theme } from './buildTheme';

type Themes = Readonly<Record<string, Theme>>;

let loaded: Themes | undefined;
let loading: Promise<Themes> | undefined;

/** The venues' prebuilt themes once their chunk has arrived, for a render that cannot wait. */
export function loadedVenueThemes(): Themes | undefined {
  return loaded;
}

/**
 * The venues' prebuilt themes, one lazy chunk: What's on (the first route) wears the shop's own
 * theme and never needs them. A venue's route starts this beside its page's chunk (preloadFrame)
 * so the frame does not wait a round trip longer. A chunk that fails is asked for again next time.
 */
export function loadVenueThemes(): Promise<Themes> {
  loading ??= lazyWithTimeout(() => import('virtual:stagedoor/prebuilt-venue-themes'))().then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
