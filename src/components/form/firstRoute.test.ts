import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticGraph as staticGraphFrom } from '../../../scripts/staticGraph';

/**
 * Formik, yup, libphonenumber-js and the card libraries cost about 60 kB gzip together; a buyer
 * landing on What's on, a venue or a show page must not download them (stack-notes: load
 * formik/yup only on checkout routes). This follows the static imports a page's chunk pulls in
 * (dynamic import() starts another chunk, `import type` vanishes) and checks none reaches them.
 */

const root = join(import.meta.dirname, '..', '..', '..');
const staticGraph = (entries: string[]) => staticGraphFrom(root, entries);
const CHECKOUT_ONLY_PACKAGES = [
  'formik',
  'yup',
  'libphonenumber-js',
  'card-validator',
  'credit-card-type',
];
const CHECKOUT_ONLY_FOLDERS = [
  'src/components/form/',
  'src/features/checkout/details/',
  'src/features/checkout/delivery/',
  'src/features/checkout/contacts/',
];

/**
 * Choosing and checkout state (slices, sagas, their API modules) loads with its routes
 * (ChoosingFlows, CheckoutFlows, lazily injected slices), and the hold's countdown and dialogs
 * once a hold exists (ReservationBar). Together about 10 kB gzip that the first page never uses.
 */
const LAZY_STATE_FOLDERS = [
  'src/features/calendar/',
  'src/features/checkout/',
  'src/features/payment/',
  'src/features/promo/',
];
const LAZY_STATE_FILES = [
  'src/api/addressLookup.ts',
  'src/api/basket.ts',
  'src/api/calendar.ts',
  'src/api/details.ts',
  'src/api/orders.ts',
  'src/features/seatSelection/seatsSaga.ts',
  'src/features/seatSelection/seatsSlice.ts',
  'src/features/hold/HoldBar.tsx',
  'src/features/hold/HoldTimer.tsx',
  'src/features/hold/ExpiryDialog.tsx',
  'src/features/hold/LeaveDialog.tsx',
];
/**
 * Read by the hold's clock and leave guard without the payment slice: no slice, no payment. The
 * stored pay attempt too: a reload that finds the hold gone checks for an unanswered one (the
 * question the app hands the hold) before loading the payment flow to ask about it.
 */
const FIRST_ROUTE_EXCEPTIONS = [
  'src/features/paymentStatus/paymentInFlight.ts',
  'src/features/payment/payAttemptStorage.ts',
  'src/features/payment/unansweredPayment.ts',
];
/** What must stay: a reload on any page restores the tab's hold, and leaving is guarded at once. */
const HOLD_ESSENTIALS = [
  'src/features/hold/reservationSlice.ts',
  'src/features/hold/reservationSaga.ts',
  'src/features/hold/holdStorage.ts',
  'src/features/hold/useLeaveGuard.ts',
  'src/app/guards.tsx',
];

const FIRST_ROUTES = {
  "What's on": 'src/features/catalogue/DirectoryPage.tsx',
  venue: 'src/features/catalogue/VenuePage.tsx',
  show: 'src/features/catalogue/ShowPage.tsx',
};

describe('checkout-only code stays out of the first route', () => {
  it.each(Object.entries(FIRST_ROUTES))('the %s page with the app shell', (_name, page) => {
    const graph = staticGraph(['src/app/main.tsx', 'src/app/start.tsx', page]);
    // The walk really covers the shell: without these it would pass by seeing nothing.
    expect([...graph.packages]).toEqual(
      expect.arrayContaining(['react', 'react-dom', 'react-router', 'react-intl']),
    );
    expect(graph.files).toContain(join(root, 'src/app/router.tsx'));

    expect([...graph.packages].filter((name) => CHECKOUT_ONLY_PACKAGES.includes(name))).toEqual([]);
    const checkoutFiles = [...graph.files]
      .map((file) => relative(root, file).split('\\').join('/'))
      .filter((file) => CHECKOUT_ONLY_FOLDERS.some((folder) => file.startsWith(folder)));
    expect(checkoutFiles).toEqual([]);
  });

  it.each(Object.entries(FIRST_ROUTES))(
    'the %s page loads no choosing or checkout state, but keeps the hold',
    (_name, page) => {
      const files = [...staticGraph(['src/app/main.tsx', 'src/app/start.tsx', page]).files].map(
        (file) => relative(root, file).split('\\').join('/'),
      );
      const lazy = files.filter(
        (file) =>
          !FIRST_ROUTE_EXCEPTIONS.includes(file) &&
          (LAZY_STATE_FILES.includes(file) ||
            LAZY_STATE_FOLDERS.some((folder) => file.startsWith(folder))),
      );
      expect(lazy).toEqual([]);
      expect(files).toEqual(expect.arrayContaining(HOLD_ESSENTIALS));
    },
  );

  it('does see that state where its routes load it', () => {
    const checkout = staticGraph(['src/app/CheckoutFlows.tsx']).files;
    expect(checkout).toContain(join(root, 'src/features/payment/paymentSaga.ts'));
    expect(checkout).toContain(join(root, 'src/features/checkout/basketSlice.ts'));
    const hold = staticGraph(['src/features/hold/HoldBar.tsx']).files;
    expect(hold).toContain(join(root, 'src/features/hold/HoldTimer.tsx'));
  });

  it('does see those libraries where they are used', () => {
    const graph = staticGraph(['src/components/form/TextField.tsx']);
    expect([...graph.packages]).toEqual(expect.arrayContaining(['formik']));
    const details = staticGraph(['src/components/form/validation/cardSchema.ts']);
    expect([...details.packages]).toEqual(
      expect.arrayContaining(['yup', 'libphonenumber-js', 'card-validator', 'credit-card-type']),
    );
  });
});
