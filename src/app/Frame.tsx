import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { matchPath, useLocation } from 'react-router';
import { ROUTE_PATTERNS } from '@contract/routes';
import { useRootHandle } from '@/config/usePaths';
import { useRouteTarget } from '@/config/useRouteTarget';
import { resolveVenue, type VenueConfig } from '@/config/venues';
import { applyConfigOverride } from '@/config/overrides';
import { VenueIntlProvider } from '@/i18n/VenueIntlProvider';
import { VenueThemeProvider } from '@/theme/VenueThemeProvider';
import { GlobalStyle } from '@/theme/GlobalStyle';
import { PageLayout } from '@/components/layout/PageLayout';
import { shopFrameVenue } from '@/components/layout/shopFrame';
import { NavigationFocusContext } from '@/components/navigationFocus';
import { HeaderAccount } from '@/features/auth/HeaderAccount';
import { selectConfigOverride } from '@/features/session/sessionSlice';
import { selectPageTitle } from '@/lib/uiSlice';
import { useAppSelector } from './hooks';

/** Keeps <title> and <html lang> in step with the page and the venue's locale. */
function DocumentMeta({ venue }: { venue: VenueConfig }) {
  const intl = useIntl();
  const pageTitle = useAppSelector(selectPageTitle);
  useEffect(() => {
    document.documentElement.lang = venue.settings.locale;
  }, [venue.settings.locale]);
  useEffect(() => {
    // A title that already names the venue ("The Glass Orchard at The Lumen Theatre", or the
    // venue page itself) is not repeated with "| The Lumen Theatre" after it.
    document.title =
      pageTitle === null || pageTitle.includes(venue.settings.name)
        ? (pageTitle ?? venue.settings.name)
        : intl.formatMessage(
            { id: 'document.title' },
            { page: pageTitle, venueName: venue.settings.name },
          );
  }, [intl, pageTitle, venue.settings.name]);
  return null;
}

type Props = {
  venueSlug: string | undefined;
  houseSlug: string;
  homePath: string;
  children: ReactNode;
};

/**
 * Whether the page is the multi-venue directory, which no one venue's brand should frame: the
 * directory's address, answered by a page route (one whose resolver gave a target), so anything
 * else mounted at `/` keeps the house venue's frame.
 */
function useIsDirectory(pathname: string): boolean {
  const pattern = ROUTE_PATTERNS[useRootHandle().paths.mode].directory;
  const isPage = useRouteTarget() !== undefined;
  return (
    isPage && pattern !== undefined && matchPath({ path: pattern, end: true }, pathname) !== null
  );
}

/**
 * Providers and page frame of one venue, with the session's `cfg` override applied. What's on
 * lists every venue, so it is framed as the shop itself (Stagedoor's theme, name and logo);
 * a venue's own pages keep its theme.
 */
export function Frame({ venueSlug, houseSlug, homePath, children }: Props) {
  const cfg = useAppSelector(selectConfigOverride);
  const location = useLocation();
  const isDirectory = useIsDirectory(location.pathname);
  const resolved = resolveVenue(venueSlug, houseSlug);
  const base = useMemo(
    () => (isDirectory ? shopFrameVenue(resolved) : resolved),
    [isDirectory, resolved],
  );
  const venue = useMemo(() => applyConfigOverride(base, cfg ?? undefined), [base, cfg]);
  const [firstKey] = useState(location.key);
  const focus = useMemo(
    () => ({ locationKey: location.key, isNavigation: location.key !== firstKey }),
    [firstKey, location.key],
  );

  return (
    <VenueThemeProvider venue={venue}>
      <GlobalStyle />
      <VenueIntlProvider venue={venue}>
        <DocumentMeta venue={venue} />
        <NavigationFocusContext.Provider value={focus}>
          <PageLayout
            venue={venue}
            homePath={homePath}
            // The venue itself even on What's on: sign-in names a real venue (its loginDisabled).
            headerAccount={<HeaderAccount venue={resolved} />}
          >
            {children}
          </PageLayout>
        </NavigationFocusContext.Provider>
      </VenueIntlProvider>
    </VenueThemeProvider>
  );
}
