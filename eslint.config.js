import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries (decision 021), written with ESLint's own rules. A boundary is a set of files
 * and the import sources they may not use, as regular expressions over the source text. Imports
 * are relative, so a rule depends on how deep the importing file sits: each boundary is repeated
 * per depth, and `up(n)` is n `../` exactly. `import()` expressions are checked by the same
 * expressions through no-restricted-syntax. ESLint keeps only the last options of a rule for a
 * file, so no two boundaries below match the same file.
 */
const up = (n) => `(?:\\.\\./){${n}}`;
const TEST_NAMES = ['*.test.{ts,tsx}', '*-test-kit.{ts,tsx}', '*-test-helpers.ts'];
const TESTS = TEST_NAMES.map((n) => `**/${n}`);
const MAX_DEPTH = 4;

/** Files exactly `depth` folders below `dir` (all of them, or only tests and test kits). */
const at = (dir, depth) => `${dir}/${'*/'.repeat(depth)}*.{ts,tsx}`;
const testsAt = (dir, depth) => TEST_NAMES.map((n) => `${dir}/${'*/'.repeat(depth)}${n}`);

function boundary({ files, ignores = [], forbid }) {
  // esquery reads a selector's regex up to the next '/', so slashes are written as \x2F there.
  const selector = (regex) => `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`;
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': ['error', { patterns: forbid.map(({ regex, message }) => ({ regex, message })) }],
      'no-restricted-syntax': ['error', ...forbid.map(({ regex, message }) => ({ selector: selector(regex), message }))],
    },
  };
}

const perDepth = (make) => Array.from({ length: MAX_DEPTH + 1 }, (_, d) => make(d));

// The contract is the layer both sides build on: it imports nothing of ours.
const contract = perDepth((d) =>
  boundary({
    files: [at('packages/contract', d)],
    forbid: [
      { regex: '^@playhall/', message: 'The contract imports nothing of ours: both sides import it, it imports neither (decision 021).' },
      { regex: `^${up(d + 1)}`, message: 'The contract imports nothing outside packages/contract (decision 021).' },
    ],
  }),
);

// The fairness package (decision 051) is shared by the Originals, the server and the verify pages:
// like the contract, it imports nothing of ours.
const fairness = perDepth((d) =>
  boundary({
    files: [at('packages/fairness', d)],
    forbid: [
      { regex: '^@playhall/', message: 'The fairness package imports nothing of ours: the Originals, the server and the verify pages import it (decision 051).' },
      { regex: `^${up(d + 1)}`, message: 'The fairness package imports nothing outside packages/fairness (decision 051).' },
    ],
  }),
);

// The Originals reach money only through the provider wallet protocol, tests included.
const originals = perDepth((d) =>
  boundary({
    files: [at('apps/originals', d)],
    forbid: [
      {
        regex: `^@playhall/server(?:/|$)|^${up(d + 1)}server/|^${up(d + 2)}apps/server/`,
        message: 'The Originals import nothing of the server: they reach money only through the provider wallet protocol. Tests that drive the whole app live in apps/server/src/test/originals (decision 021).',
      },
    ],
  }),
);

// Player: app composes features; features never import each other; lib and components sit below both.
const PLAYER = 'apps/player/src';
const featureRule = (d) => ({
  regex: `^${up(d + 1)}[^./]|^${up(d + 2)}features/`,
  message: 'A player feature never imports another feature: move what both need down to src/components/ui or src/lib (decision 021).',
});
const player = [
  // Tests of a feature may render the whole app; its code may not import src/app.
  ...perDepth((d) => boundary({ files: testsAt(`${PLAYER}/features/*`, d), forbid: [featureRule(d)] })),
  ...perDepth((d) =>
    boundary({
      files: [at(`${PLAYER}/features/*`, d)],
      ignores: TESTS,
      forbid: [
        featureRule(d),
        { regex: `^${up(d + 2)}app/`, message: 'A player feature does not import src/app: the app composes the features, not the reverse (decision 021).' },
      ],
    }),
  ),
  ...perDepth((d) =>
    boundary({
      files: [at(`${PLAYER}/lib`, d)],
      forbid: [
        {
          regex: `^${up(d + 1)}(?:features|app|components)(?:/|$)`,
          message: 'src/lib is the bottom layer: it imports no feature, no component and nothing of src/app (decision 021).',
        },
      ],
    }),
  ),
  ...perDepth((d) =>
    boundary({
      files: [at(`${PLAYER}/components`, d)],
      forbid: [
        {
          regex: `^${up(d + 1)}(?:features|app)(?:/|$)`,
          message: 'src/components imports no feature and nothing of src/app: pass what it needs in, or move it to src/lib (decision 021).',
        },
      ],
    }),
  ),
];

/*
 * Server modules: another module is reached only through what it publishes, its *.service.ts
 * (operations), *.module.ts (wiring) and *.types.ts (types); tests and test kits may also use its
 * *-test-kit.ts / *-test-helpers.ts. Repos (SQL), routes and helpers stay private to their module,
 * and production code never imports a test kit.
 */
const MODULES = 'apps/server/src/modules';
const PUBLIC = '\\.(?:service|module|types)\\.ts$';
const PUBLIC_TO_TESTS = '(?:\\.(?:service|module|types)|-test-kit|-test-helpers)\\.ts$';
const otherModule = (d, allowed) => `^${up(d + 1)}(?!\\.\\./)[^/]+/(?![^/]+${allowed})|^${up(d + 2)}modules/[^/]+/(?![^/]+${allowed})`;
const moduleMessage =
  "Another server module is reached only through its *.service.ts, *.module.ts or *.types.ts (and, from tests, its test kit); its repos, routes and helpers are private: add what you need to that module's service (decision 021).";
const serverForbid = (d) => [
  { regex: otherModule(d, PUBLIC), message: moduleMessage },
  { regex: '-test-(?:kit|helpers)\\.ts$', message: 'Production code never imports a test kit (decision 021).' },
];
// Reward kinds (decision 028): each kind's folder reaches the engine, never another kind.
const KIND_FILES = `${MODULES}/rewards/kinds/*/*.{ts,tsx}`;
const server = [
  ...perDepth((d) =>
    boundary({
      files: [at(`${MODULES}/*`, d)],
      ignores: [...TESTS, KIND_FILES],
      forbid: serverForbid(d),
    }),
  ),
  boundary({
    files: [KIND_FILES],
    ignores: TESTS,
    forbid: [
      ...serverForbid(2),
      { regex: '^\\.\\./[^./][^/]*/', message: 'A reward kind never imports another kind: share through the engine (award, eligibility, kinds/kind.ts; decision 028).' },
    ],
  }),
  ...perDepth((d) =>
    boundary({
      files: testsAt(`${MODULES}/*`, d),
      forbid: [{ regex: otherModule(d, PUBLIC_TO_TESTS), message: moduleMessage }],
    }),
  ),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/dist-e2e*/**', 'data/**', 'screenshots/**', 'coverage/**', '.cache/**', 'bench/.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs', '*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  ...contract,
  ...fairness,
  ...originals,
  ...player,
  ...server,
);
