import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import moduleBoundaries from './scripts/eslint/module-boundaries.js';

// The web app's boundaries (ARCHITECTURE.md, layout): a feature reaches another feature
// only through its index.ts (its tests also through its testing.ts), never the app shell;
// shared/ knows no feature; the app shell uses features through their index.ts too.
const WEB = 'apps/web/src';
const FEATURES = [
  'identity',
  'markets',
  'spot',
  'verification',
  'ops',
  'wallet',
  'deposits',
  'withdrawals',
];
const featureInternals = (features, allowTesting) => ({
  regex: `(^|/)(features/)?(${features.join('|')})/(?!index\\.ts$${allowTesting ? '|testing\\.ts$' : ''})`,
  message: allowTesting
    ? 'Use another feature only through its index.ts (or, in a test, its testing.ts).'
    : 'Use another feature only through its index.ts; testing.ts is for tests.',
});
const webImportRules = (patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: '@meridian/contract',
          allowTypeImports: true,
          message: 'Import calls from their subpath, e.g. @meridian/contract/calls/spot.',
        },
        {
          name: '@meridian/contract/errors',
          message: 'The web app decides on refusal reasons, never on translated messages.',
        },
      ],
      patterns,
    },
  ],
});
const webBoundaries = [
  ...FEATURES.flatMap((feature) => {
    const others = FEATURES.filter((f) => f !== feature);
    const files = [`${WEB}/features/${feature}/**/*.{ts,tsx}`];
    const noApp = { regex: '(^|/)app/', message: 'A feature does not reach into the app shell.' };
    return [
      { files, rules: webImportRules([featureInternals(others, false), noApp]) },
      {
        files: files.map((f) => f.replace('*.{ts,tsx}', '*.test.{ts,tsx}')),
        rules: webImportRules([featureInternals(others, true), noApp]),
      },
    ];
  }),
  {
    files: [`${WEB}/app/**/*.{ts,tsx}`],
    rules: webImportRules([featureInternals(FEATURES, false)]),
  },
  {
    files: [`${WEB}/app/**/*.test.{ts,tsx}`],
    rules: webImportRules([featureInternals(FEATURES, true)]),
  },
  {
    files: [`${WEB}/shared/**/*.{ts,tsx}`],
    rules: webImportRules([
      {
        regex: '(^|/)(features|app)/',
        message: 'shared/ knows neither the features nor the app shell.',
      },
    ]),
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'Money is decimal-safe: use parseUnits from @meridian/core, never parseFloat.',
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    plugins: { meridian: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'meridian/module-boundaries': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...webBoundaries,
);
