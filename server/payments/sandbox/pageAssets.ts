/**
 * The two static files of the sandbox's 3-D Secure pages. They are served as files (never inline)
 * so the pages run under a CSP with no 'unsafe-inline'; they are kept here as strings because
 * the server has no build step of its own.
 */

/**
 * Device-data collection: fills the form with what an issuer's risk check reads from a browser
 * and sends it straight away. Without JavaScript the buyer presses "Continue" instead.
 */
export const DEVICE_DATA_SCRIPT = `'use strict';
(function () {
  var form = document.getElementById('device-data');
  if (!form) return;
  var zone = '';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch (error) {
    zone = '';
  }
  var values = {
    screenWidth: String(window.screen.width),
    screenHeight: String(window.screen.height),
    colorDepth: String(window.screen.colorDepth),
    timeZoneOffset: String(new Date().getTimezoneOffset()),
    timeZone: zone,
    language: navigator.language || '',
    javascriptEnabled: 'true'
  };
  Object.keys(values).forEach(function (name) {
    var input = form.elements.namedItem(name);
    if (input) input.value = values[name];
  });
  form.submit();
})();
`;

/** Plain, high-contrast styles: the page stands in for a bank's, not the venue's. */
export const PAGE_STYLES = `
:root { color-scheme: light; font-family: system-ui, sans-serif; color: #111; background: #fff; }
body { margin: 0; }
main { max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; }
h1 { font-size: 1.5rem; }
.sandbox { display: inline-block; padding: 0.1rem 0.5rem; border: 1px solid #111; font-size: 0.875rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
.actions { display: flex; flex-wrap: wrap; gap: 1rem; margin-top: 1.5rem; }
button { font: inherit; padding: 0.6rem 1.2rem; border: 2px solid #111; border-radius: 4px; cursor: pointer; }
button.primary { background: #0b4f8a; border-color: #0b4f8a; color: #fff; }
button.secondary { background: #fff; color: #111; }
button:focus-visible { outline: 3px solid #b35900; outline-offset: 2px; }
`;
