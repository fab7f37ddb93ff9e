import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * Each feature's public modules: what other features (and other checkout steps) may import.
 * Everything else in a feature folder is its own. Named files rather than index.ts barrels:
 * the house has no barrels, and a barrel would pull a whole feature into whichever lazy chunk
 * (or the first route) imports one thing from it. Growing a list is a review decision.
 */
const FEATURE_API = {
  account: [],
  auth: ['CheckoutSignInOffer.tsx', 'SignUpPanel.tsx', 'authLinks.ts', 'authSlice.ts'],
  calendar: ['calendarSaga.ts'],
  catalogue: ['useShowContent.ts'],
  checkout: [
    'BasketProblem.tsx',
    'CheckoutStepFrame.tsx',
    'basketSlice.ts',
    'checkoutSteps.ts',
    'placeNames.ts',
    'useBasket.ts',
    'useContinueAfterSave.ts',
  ],
  'checkout/review': [],
  'checkout/extras': [],
  'checkout/protection': [],
  'checkout/details': [
    'components/AddressFields.tsx',
    'components/ConsentFields.tsx',
    'components/ContinueButton.tsx',
    'components/DeliveryMethodField.tsx',
    'components/DetailsGate.tsx',
    'components/QuestionFields.tsx',
    'components/SaveProblem.tsx',
    'detailsContext.ts',
    'detailsSaga.ts',
    'detailsValues.ts',
    'useDetailsForm.ts',
  ],
  'checkout/delivery': [],
  'checkout/contacts': [],
  // The step's page only: what it shows is the payment capability's (features/payment).
  'checkout/payment': [],
  'checkout/confirmation': [
    'orderLink.ts',
    'orderSaga.ts',
    'orderSlice.ts',
    // Issue 14: My account shows an order with the confirmation's own parts.
    'AppHandover.tsx',
    'OrderSummary.tsx',
  ],
  experiments: ['useVariation.ts'],
  hold: ['ReleaseQuestion.tsx', 'holdStorage.ts', 'reservationSlice.ts', 'useNow.ts'],
  membership: ['signInLink.ts', 'usePresaleGate.ts', 'useMembers.ts'],
  // Issue 23: payment is a capability of its own, used by the payment step and the ATG+ purchase.
  payment: [
    // The payment step's content, for checkout/payment's page inside the step frame.
    'PaymentStep.tsx',
    // The ATG+ purchase pays with the same card form, tokenisation, 3-D Secure hand-off, notices
    // and progress, and names the same problems (its slice's types).
    'CardForm.tsx',
    'cardTokenisation.ts',
    'threeDSecure.ts',
    'PaymentNotices.tsx',
    'PaymentProgress.tsx',
    'paymentSlice.ts',
  ],
  // What the hold (and the app shell) may know of a payment without loading it: whether one is
  // in flight. Its own feature, so that hold and payment both depend on it and not on each other.
  paymentStatus: ['paymentInFlight.ts'],
  promo: [
    'InvalidPromoLinkPage.tsx',
    'PresaleAlert.tsx',
    'PromoPanel.tsx',
    // Issue 15: a voucher number typed into the promo box, for the payment step's voucher panel.
    'keptVoucherNumber.ts',
    'presale.ts',
    'promoSaga.ts',
    'promoSlice.ts',
  ],
  queue: [],
  seatSelection: ['seatMap/model.ts', 'seatMap/seatName.ts', 'seatsSaga.ts', 'seatsSlice.ts'],
  session: ['bookingSession.ts', 'sessionSlice.ts'],
};
const CHECKOUT_STEPS = Object.keys(FEATURE_API)
  .filter((name) => name.startsWith('checkout/'))
  .map((name) => name.slice('checkout/'.length));

/** One zone per feature (and checkout step): from anywhere else in features/, only its public modules. */
const featureZones = Object.entries(FEATURE_API).map(([feature, api]) => {
  const [top, step] = feature.split('/');
  const elsewhere =
    step === undefined
      ? [
          `./src/features/!(${top})/**`,
          ...(top === 'checkout' ? ['./src/features/checkout/*/**'] : []),
        ]
      : [
          './src/features/!(checkout)/**',
          `./src/features/checkout/!(${step})/**`,
          './src/features/checkout/*.{ts,tsx}',
        ];
  return {
    target: elsewhere,
    from: `./src/features/${feature}`,
    except: [
      ...api.map((file) => `./${file}`),
      ...(feature === 'checkout' ? CHECKOUT_STEPS.map((name) => `./${name}`) : []),
    ],
    message: `Another feature reaches features/${feature} only through its public modules (FEATURE_API in eslint.config.js): ${api.join(', ') || 'none'}.`,
  };
});

/**
 * The server's capabilities (issue 23): each folder holds its routes, rules, SQL (queries.ts or
 * queries/) and jobs, and its index.ts names what other capabilities may call. The app's own
 * files (server/*.ts: app, services, start, config, regionContext) wire routes and jobs.
 */
const SERVER_CAPABILITIES = [
  'addressLookup',
  'basket',
  'calendar',
  'catalogue',
  'details',
  'email',
  'health',
  'holds',
  'members',
  'orders',
  'payments',
  'promo',
  'queue',
  'vouchers',
];
/** Plumbing every capability uses; it knows none of them (db/ knows not even http/ or lib/). */
const SERVER_PLUMBING = ['http', 'db', 'lib'];

const serverZones = [
  ...SERVER_CAPABILITIES.flatMap((capability) => [
    {
      target: [`./server/!(${capability})/**`, './server/*.ts'],
      from: [`./server/${capability}/**/queries.ts`, `./server/${capability}/**/queries/**`],
      message: `SQL is its capability's own: ask ${capability} through server/${capability}/index.ts.`,
    },
    {
      target: `./server/!(${capability})/**`,
      from: `./server/${capability}`,
      except: ['./index.ts'],
      message: `Another capability reaches server/${capability} only through its index.ts (what it names there).`,
    },
  ]),
  {
    target: SERVER_PLUMBING.map((folder) => `./server/${folder}`),
    from: SERVER_CAPABILITIES.map((capability) => `./server/${capability}`),
    message: 'Plumbing (server/http, db, lib) knows no capability: pass in what it needs.',
  },
  {
    target: './server/db',
    from: ['./server/http', './server/lib'],
    message: 'server/db (drivers, migrations, SQL functions) imports nothing of the server.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'node_modules/',
      '.data/',
      'coverage/',
      'public/',
      'bench/results.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: { react: { version: 'detect' } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Every visible string goes through react-intl so venues and locales can override it.
      'react/jsx-no-literals': [
        'error',
        {
          noStrings: true,
          ignoreProps: true,
          allowedStrings: ['·', '—', ':', '/', '|', '(', ')', '×', '–', '•', '+', '−'],
        },
      ],
    },
  },
  {
    // Contract modules that build zod schemas may be imported by the SPA for their types only;
    // a value import would ship zod to every buyer. Values come from the zod-free modules.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              // Declarative mode (issue 13): the data router cost 29 kB gzip on the first route.
              name: 'react-router',
              importNames: [
                'createBrowserRouter',
                'createMemoryRouter',
                'RouterProvider',
                'useBlocker',
                'useMatches',
                'useLoaderData',
                'useRouteError',
                'useNavigation',
                'useFetcher',
              ],
              message:
                'The shop runs React Router in declarative mode: routes in src/app/router.tsx, the blocker in src/app/history, targets from useRouteTarget.',
            },
            {
              name: 'react-router/dom',
              message: 'The shop renders <AppRouter> (src/app/history).',
            },
          ],
          patterns: [
            {
              regex:
                '^@contract/(venue|venueFiles|api/(?!constants$|errorCodes$|calendarQuery$|paymentMethodKinds$)[^/]+)$',
              allowTypeImports: true,
              message:
                'Schema modules pull zod into the bundle: import types only, values from the zod-free modules (api/constants, api/errorCodes, api/calendarQuery, money, retrySchedule, patterns, regions, venueDefaults).',
            },
            {
              // MSW and the test fakes are for tests only: nothing on the path of `npm start`.
              regex: '^(msw(/.*)?|@testing-library/.*|(\\.\\./)+tests/.*)$',
              message:
                'Test tools and fakes belong in *.test.ts(x) or tests/, never in application code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.test.tsx', 'tests/**/*.tsx'],
    // useMswServer() registers test hooks (beforeAll/afterEach), not React hooks.
    rules: { 'react/jsx-no-literals': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // The test double answers through the contract (tests/msw/contract.ts): a handler made with
    // msw's own `http` could send a shape the booking API never would, and a test pass against it.
    files: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.ts', 'tests/**/*.tsx'],
    ignores: ['tests/msw/contract.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'msw',
              importNames: ['http'],
              message:
                "Import `http` from tests/msw/contract: it parses every answer with the route's contract schema.",
            },
          ],
        },
      ],
    },
  },
  {
    // Server and contract boundaries (issues 12, 23): the booking API never reaches into the SPA;
    // a capability reaches another only through its index.ts and never its SQL; plumbing (http,
    // db, lib) knows no capability; no value import cycles (type-only and lazy `import()` ones
    // are erased or deferred, so they may stay).
    files: ['server/**/*.ts', 'contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
      // Without these import-x reads only .js files, and no-cycle never sees a .ts import.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server',
              from: './src',
              message: 'The booking API never imports the SPA; share code through contract/.',
            },
            {
              target: './contract',
              from: ['./src', './server'],
              message: 'contract/ is shared by the SPA and the server and depends on neither.',
            },
            ...serverZones,
          ],
        },
      ],
    },
  },
  {
    // SPA boundaries (issue 12), in the spirit of bulletproof-react: shared code (components,
    // api, i18n, theme, config, lib) knows no feature and no app wiring; a feature reaches the
    // app only through the typed hooks, the store's types and the lazy-slice injection point;
    // value-import cycles fail (type-only and lazy `import()` ones are erased or deferred).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    // Tests wire the whole app (providers, router, store) around what they test.
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      // Without the TypeScript extensions and parser, no-cycle parses no .ts(x) dependency and
      // finds nothing.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [
                './src/components',
                './src/api',
                './src/i18n',
                './src/theme',
                './src/config',
                './src/lib',
              ],
              from: ['./src/features', './src/app'],
              message:
                'Shared code knows no feature and no app wiring: move what both need into shared code, or pass it in.',
            },
            {
              target: './src/features',
              from: './src/app',
              // history/: the leave guard's blocker and its types (issue 13, declarative router).
              except: [
                './hooks.ts',
                './store.ts',
                './rootReducer.ts',
                './history/useBlocker.ts',
                './history/types.ts',
              ],
              message:
                'A feature reaches the app only through app/hooks.ts, the store types, rootReducer.inject (lazy slices) and the blocker (app/history/useBlocker.ts, types.ts).',
            },
            ...featureZones,
            {
              // Issue 23: one direction only, so the hold and payment never depend on each other.
              target: ['./src/features/hold', './src/features/paymentStatus'],
              from: './src/features/payment',
              message:
                "Payment knows the hold, never the reverse: the hold reads features/paymentStatus, and the app hands it payment's replay (rootSaga).",
            },
          ],
        },
      ],
    },
  },
  {
    // Every SQL statement lives in its capability's queries.ts (or queries/) or under server/db
    // (functions/, migrations/): a statement written elsewhere, or a query run on a connection
    // outside them, fails lint.
    files: ['server/**/*.ts'],
    // The demo data (catalogue/seed) writes its rows directly, as the migrations do.
    ignores: [
      'server/db/**',
      'server/catalogue/seed/**',
      'server/**/queries.ts',
      'server/**/queries/**',
      'server/**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'TemplateElement[value.raw=/^\\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH|CREATE|ALTER|DROP|LOCK|TRUNCATE)\\s/]',
          message: "SQL lives in its capability's queries.ts: call a function from there.",
        },
        {
          selector:
            'Literal[value=/^\\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH|CREATE|ALTER|DROP|LOCK|TRUNCATE)\\s/]',
          message: "SQL lives in its capability's queries.ts: call a function from there.",
        },
        {
          selector: "CallExpression[callee.property.name='query'][arguments.0.type=/Literal$/]",
          message: "SQL lives in its capability's queries.ts: call a function from there.",
        },
      ],
    },
  },
  {
    files: ['eslint.config.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
