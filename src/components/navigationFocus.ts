import { createContext } from 'react';

/**
 * Whether the current page was reached by in-app navigation. Only then does the page heading
 * take focus: on first load the browser's own start point is right, after a client-side route
 * change screen-reader users would otherwise hear nothing.
 */
export const NavigationFocusContext = createContext<{ locationKey: string; isNavigation: boolean }>(
  {
    locationKey: 'initial',
    isNavigation: false,
  },
);
