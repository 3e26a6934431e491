import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Layering: transports (rest, tools, rpc, discovery) import only the gateway
 * (http/) and core/; the gateway imports only core/; core/ knows no transport;
 * engine/ knows nothing of jobs. server/ is the composition root and may
 * import everything. isolate/ (the child-process runner, used by the worker
 * and by `p2m convert`) imports nothing of the project. Tests are exempt.
 * db/ may import core's closed sets (pure zod enums) and nothing else of
 * core, so its CHECK constraints and core's types come from one list.
 */
const LAYERS = {
  core: ['http', 'rest', 'tools', 'rpc', 'discovery', 'server', 'worker', 'cli'],
  http: ['rest', 'tools', 'rpc', 'discovery', 'server', 'worker', 'cli'],
  rest: ['tools', 'rpc', 'discovery', 'server', 'worker', 'cli'],
  tools: ['rest', 'rpc', 'discovery', 'server', 'worker', 'cli'],
  rpc: ['rest', 'tools', 'discovery', 'server', 'worker', 'cli'],
  discovery: ['rest', 'tools', 'rpc', 'server', 'worker', 'cli'],
  worker: ['http', 'rest', 'tools', 'rpc', 'discovery', 'server', 'cli'],
  engine: ['core', 'db', 'worker', 'http', 'rest', 'tools', 'rpc', 'discovery', 'server', 'cli'],
  isolate: ['core', 'db', 'engine', 'worker', 'http', 'rest', 'tools', 'rpc', 'discovery', 'server', 'cli'],
  db: ['core', 'http', 'rest', 'tools', 'rpc', 'discovery', 'server', 'worker', 'cli', 'engine'],
};

// An import leaves its layer when it climbs to the repository root: from a file
// `depth` folders down, exactly `depth` times `../`. One rule per depth keeps
// packages (`@trpc/server/...`) and a layer's own sub-folders out of it.
const EXCEPTIONS = { db: '(?!core/jobs/job-(status|error-code)\\.ts$)' };

/**
 * Production code imports nothing from test/: fixtures, test servers and
 * helpers live there, and a production module that reached one would ship it.
 * Every file outside test/ that is not itself a test is production; nothing
 * else is exempt. Static imports and re-exports are `no-restricted-imports`
 * (merged into each layer's rule below, since a later rule replaces an
 * earlier one's options), dynamic `import()` and `new URL(..., import.meta.url)`
 * (how child-process modules are named) are `no-restricted-syntax`.
 * test/lint/production-imports.test.ts proves both fire.
 */
const TEST_FOLDER = '^(\\.\\./)+test/';
// esquery's regex literals cannot hold a slash: \x2F is one.
const TEST_FOLDER_SELECTOR = '^(\\.\\.\\x2F)+test\\x2F';
const TEST_IMPORT = { regex: TEST_FOLDER, message: 'Production code may not import from test/ (eslint.config.js).' };
const productionRules = {
  files: ['**/*.ts', '**/*.js'],
  ignores: ['test/**', '**/*.test.ts'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [TEST_IMPORT] }],
    'no-restricted-syntax': [
      'error',
      { selector: `ImportExpression > Literal[value=/${TEST_FOLDER_SELECTOR}/]`, message: TEST_IMPORT.message },
      { selector: `NewExpression[callee.name='URL'] > Literal[value=/${TEST_FOLDER_SELECTOR}/]`, message: TEST_IMPORT.message },
    ],
  },
};

const layerRules = Object.entries(LAYERS).flatMap(([layer, forbidden]) =>
  [1, 2, 3, 4, 5].map((depth) => ({
    files: [`${layer}/${'*/'.repeat(depth - 1)}*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}${EXCEPTIONS[layer] ?? ''}(${forbidden.join('|')})/`,
              message: `${layer}/ may not import ${forbidden.join(', ')} (eslint.config.js: layering).`,
            },
            TEST_IMPORT,
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'bench/.venv/**', 'bench/out/**', 'bench/.peers/**', 'db/migrations/**', 'tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  productionRules,
  ...layerRules,
  {
    // The account pages' browser scripts: concatenated after web/client/common.js into one inline
    // script (web/client-script.ts), so names from common.js and the browser are globals here.
    files: ['web/client/*.js'],
    languageOptions: { sourceType: 'script' },
    rules: { 'no-undef': 'off', 'no-unused-vars': 'off', '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    files: ['test/**', '**/*.test.ts'],
    rules: { 'max-lines-per-function': 'off', 'max-lines': ['error', { max: 400 }] },
  },
);
