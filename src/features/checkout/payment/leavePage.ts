/**
 * Full-page navigation to another site (the bank's 3-D Secure pages). An object rather than a
 * bare function so that tests can watch where the shop sends the browser: jsdom's
 * `window.location.assign` cannot be replaced.
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
