// One lint for the repository, run by `make test-lint` with no warning allowed. ESLint 9, not 10:
// eslint-plugin-jsx-a11y, which the web app's block uses, supports ESLint up to 9.
// Formatting is Prettier's (`prettier --check`), so no rule here is about layout.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { flatConfigs as importConfigs } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import { configs as typescriptConfigs } from 'typescript-eslint';

const root = import.meta.dirname;

/** The backend's feature modules: one folder each under backend/src. */
const BACKEND_FEATURES = {
  // What each offers the others: its module, the providers it exports (services, background jobs,
  // the QR store), and the types those take and answer with. The rest of its folder is its own.
  'admin-auth': ['admin-auth.module.ts', 'admin-auth.service.ts'],
  blog: ['blog.module.ts', 'blog.service.ts', 'blog-post.entity.ts', 'post-response.ts'],
  contact: ['contact.module.ts', 'inquiry-retention.ts'],
  health: ['health.module.ts'],
  // JobsModule wires the background jobs into the roles that run them (ROLE=all, worker); the job
  // runner, in every role, is how a job declares its queue and how a service sends one.
  jobs: ['jobs.module.ts', 'job-runner.module.ts', 'job-runner.ts'],
  newsletter: ['newsletter.module.ts', 'newsletter.service.ts', 'send-newsletter.job.ts', 'purge-unconfirmed.job.ts'],
  qr: ['qr.module.ts', 'qr.service.ts', 'qr-store.ts', 'qr-code.ts'],
  testimonial: ['testimonial.module.ts', 'testimonial.service.ts'],
  video: ['video.module.ts', 'message-lifecycle.ts', 'purge-expired.job.ts', 'transcode.job.ts'],
  web: ['web.module.ts'],
};
/** Shared infrastructure, which any feature may use and which uses no feature. */
const BACKEND_INFRASTRUCTURE = ['backup', 'common', 'config', 'database', 'logging', 'mail', 'metrics', 'storage'];
/** What puts the application together: `make run`'s launcher and the entry points. */
const BACKEND_ASSEMBLY = ['local', 'app.module.ts', 'app.factory.ts', 'main.ts', 'server.ts'];

/** Resolves a workspace's imports as its TypeScript does, the contract's package exports included. */
const typescriptResolver = (workspace) =>
  createTypeScriptImportResolver({ project: `${root}/${workspace}/tsconfig.json` });

const backend = (path) => `backend/src/${path}`;
const features = Object.keys(BACKEND_FEATURES);
const featuresAndInfrastructure = `{${[...features, ...BACKEND_INFRASTRUCTURE].join(',')}}`;

const backendZones = [
  // A feature uses another only through what that one offers.
  ...features.map((feature) => ({
    target: features.filter((other) => other !== feature).map(backend),
    from: backend(feature),
    except: BACKEND_FEATURES[feature].map((file) => `./${file}`),
    message: `Use ${feature}/ through ${BACKEND_FEATURES[feature].join(', ')} (eslint.config.mjs).`,
  })),
  {
    target: BACKEND_INFRASTRUCTURE.filter((folder) => folder !== 'database').map(backend),
    from: features.map(backend),
    message: 'Shared infrastructure serves the features and knows none of them.',
  },
  {
    // The data source lists every feature's entities; nothing else of a feature.
    target: backend('database'),
    from: `${root}/backend/src/{${features.join(',')}}/**`,
    except: [`${root}/backend/src/*/*.entity.ts`],
    message: 'The database knows the features by their entities only.',
  },
  {
    // Command line tools (`*-cli.ts`, beside what they run) start the application themselves.
    target: backend(`${featuresAndInfrastructure}/**/!(*-cli).ts`),
    from: BACKEND_ASSEMBLY.map(backend),
    message: 'The application is put together from its modules, not the other way round.',
  },
];

/** The web app's features: one folder each under frontend/src/features. */
const FRONTEND_FEATURES = [
  'admin',
  'blog',
  'content',
  'home',
  'inquiry',
  'message',
  'newsletter',
  'testimonials',
  'try',
];

const frontend = (path) => `frontend/src/${path}`;

const frontendZones = [
  // What two features share moves down to components/ or lib/, or is handed over by a page.
  ...FRONTEND_FEATURES.map((feature) => ({
    target: frontend(`features/${feature}`),
    from: FRONTEND_FEATURES.filter((other) => other !== feature).map((other) => frontend(`features/${other}`)),
    message: 'A feature never imports another: move what both use to components/ or lib/.',
  })),
  {
    target: [frontend('components'), frontend('lib')],
    from: frontend('features'),
    message: 'Shared UI and libraries know no feature; pages and the app compose them.',
  },
];

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/coverage/',
    'data/',
    'backups/',
    'test-results/',
    'playwright-report/',
    '.bench/',
    '.e2e/',
  ]),

  js.configs.recommended,
  typescriptConfigs.recommendedTypeChecked,
  importConfigs.recommended,
  importConfigs.typescript,
  {
    languageOptions: {
      // Each file is checked with the types of the nearest tsconfig.json that includes it.
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      'import-x/no-cycle': 'error',
      // `const { omitted: _, ...rest } = value` is how a property is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },

  {
    files: ['backend/**/*.ts'],
    languageOptions: { globals: globals.node },
    settings: { 'import-x/resolver-next': [typescriptResolver('backend')] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...backendZones,
            {
              target: 'backend',
              from: 'frontend',
              message: 'What both sides share lives in @giftcast/contract (packages/contract).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    settings: { 'import-x/resolver-next': [typescriptResolver('packages/contract')] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: 'packages/contract',
              from: ['backend', 'frontend'],
              message: 'The contract is what both sides import; it imports neither.',
            },
          ],
        },
      ],
    },
  },

  {
    files: ['frontend/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    settings: { 'import-x/resolver-next': [typescriptResolver('frontend')] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...frontendZones,
            {
              target: 'frontend',
              from: 'backend',
              message: 'What both sides share lives in @giftcast/contract (packages/contract).',
            },
          ],
        },
      ],
    },
  },
  {
    // Build and test configuration, the browser tests, scripts and benchmarks run in Node.
    files: [
      'frontend/*.config.{ts,js,mjs,cjs}',
      'frontend/e2e/**',
      'frontend/scripts/**',
      'frontend/bench/*.mjs',
      'frontend/src/test/*.cjs',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // These drive a browser with Playwright: the functions they hand to page.evaluate() run in the page.
    files: ['frontend/e2e/**', 'frontend/bench/*.mjs', 'frontend/scripts/make-share-images.mjs'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['frontend/e2e/**'],
    // Playwright's fixtures hand on their value through a function named `use`, which is no React hook.
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['frontend/src/**/*.test.{ts,tsx}', 'frontend/src/test/**', 'frontend/src/features/*/testing/**'],
    languageOptions: { globals: globals.jest },
    rules: {
      // `await act(async () => { ... })` with nothing to await inside is React's own way to let what the
      // work set off (promises settling, renders) finish before the test goes on; test doubles of
      // promise-returning APIs are async functions likewise.
      '@typescript-eslint/require-await': 'off',
    },
  },

  {
    files: ['backend/test/**/*.ts'],
    rules: {
      // Response bodies are `any` in the HTTP clients' types (supertest's `body`, fetch's `json()`):
      // the tests read them to check their shape, with expect().
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.spec.ts', 'frontend/src/**/*.test.{ts,tsx}'],
    rules: {
      // jest's asymmetric matchers (expect.any(), expect.stringContaining()) are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },

  // Scripts, benchmarks and test helpers in plain JavaScript: Node globals, no type information.
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [typescriptConfigs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs', 'backend/jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    // CommonJS has require() and nothing else.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  prettier,
]);
