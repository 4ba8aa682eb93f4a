/** Unit tests beside the code; end-to-end tests over HTTP in test/. */
const swc = (syntax) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

// NestJS 12, pg-boss and some of their dependencies ship ES modules, which jest's CommonJS loader cannot
// require; swc turns them into CommonJS as it does our TypeScript.
const transform = { '^.+\\.ts$': swc('typescript'), '^.+\\.m?js$': swc('ecmascript') };
const transformIgnorePatterns = [
  '/node_modules/(?!(@nestjs|file-type|strtok3|token-types|uint8array-extras|@tokenizer|@borewit|load-esm|feed|@tus|srvx|pg-boss|rrule-temporal|temporal-spec|serialize-error|non-error)/)',
];
// The shared contract from its sources, so that tests need no build of it first.
const moduleNameMapper = { '^@giftcast/contract/(.*)$': '<rootDir>/../packages/contract/src/$1.ts' };

module.exports = {
  // Read from the root config, not the project's: the end-to-end tests start real servers.
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      moduleNameMapper,
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      moduleNameMapper,
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      setupFiles: ['<rootDir>/test/support/jest-env.ts'],
      globalSetup: '<rootDir>/test/support/worker-databases.ts',
      globalTeardown: '<rootDir>/test/support/drop-worker-databases.ts',
      testTimeout: 60_000,
    },
  ],
};
