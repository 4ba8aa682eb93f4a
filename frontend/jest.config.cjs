/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: '<rootDir>/src/test/jsdom-environment.cjs',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  // Runs before any module: provides what Vite and the browser would (import.meta.env, APIs jsdom lacks).
  setupFiles: ['<rootDir>/src/test/setup-environment.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup-tests.ts'],
  // It also compiles @giftcast/contract's ES modules: the workspace link resolves to
  // packages/contract/dist, outside node_modules.
  transform: {
    '^.+\\.(t|j)sx?$|\\.mjs$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: {
            react: { runtime: 'automatic' },
            // Vite replaces import.meta.env at build time; under jest it reads a plain object.
            optimizer: { globals: { vars: { 'import.meta.env': 'globalThis.__VITE_ENV__' } } },
          },
        },
      },
    ],
  },
  moduleNameMapper: {
    // The shared contract from its sources, so that tests need no build of it first.
    '^@giftcast/contract/(.*)$': '<rootDir>/../packages/contract/src/$1.ts',
    // The browser build, which the package's `browser` field names for bundlers (jest reads `main`).
    '^tus-js-client$': 'tus-js-client/lib.es5/browser/index.js',
    '\\.(css|less|scss)$': 'identity-obj-proxy',
    '\\.(svg|png|jpe?g|gif|webp|avif|mp4|webm)$': '<rootDir>/src/test/file-stub.ts',
  },
  clearMocks: true,
  restoreMocks: true,
};
