import { defineConfig, devices } from '@playwright/test';
import { E2E, CHROMIUM_ARGS } from './e2e/support/stack';

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: devices['iPhone 13'].userAgent,
};

/**
 * Browser tests against the whole product started the way `make run` starts it (embedded
 * database and object store) behind nginx with the deploy configuration, as docker compose runs
 * it, with mail going to a real SMTP server that drops it in a folder.
 */
export default defineConfig({
  testDir: './e2e',
  // The no-dead-clicks matrix times the machine as well as the site: `make test-clicks` runs it.
  testIgnore: process.env.E2E_CLICKS ? [] : ['**/no-dead-clicks.spec.ts'],
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E.baseUrl,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  // A test tagged @desktop or @phone is about that screen only (the admin console's flows, the
  // device-independent first HTML; touch swipes, the phone menu) and belongs to that project alone.
  // `phone-https` runs the camera flow and the @https tests on a phone over https.
  projects: [
    { name: 'desktop', grepInvert: /@phone\b|@https\b/, use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', grepInvert: /@desktop\b|@https\b/, use: PHONE },
    {
      name: 'phone-https',
      testMatch: ['message.spec.ts', 'deploy.spec.ts'],
      grep: /record with the camera|@https\b/,
      use: {
        ...PHONE,
        baseURL: E2E.secureUrl,
        // The run's own certificate, which no browser trusts.
        ignoreHTTPSErrors: true,
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${E2E.secureHost} 127.0.0.1`],
        },
      },
    },
  ],
  // Started in this order, each once the one before answers; stopped in the reverse order.
  webServer: [
    {
      command: 'node e2e/support/smtp-drop.mjs',
      port: E2E.smtpPort,
      reuseExistingServer: false,
      env: { SMTP_DROP_PORT: String(E2E.smtpPort), SMTP_DROP_DIR: E2E.mailDir },
    },
    {
      command: `rm -rf ${E2E.dataDir} && node ../backend/dist/local/run-local.js`,
      url: `${E2E.backendUrl}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      // Stopped as Ctrl-C stops `make run`: the app, then its embedded storage and PostgreSQL.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      env: {
        PORT: String(E2E.backendPort),
        PUBLIC_URL: E2E.baseUrl,
        DATA_DIR: E2E.dataDir,
        SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
        ADMIN_PASSWORD: E2E.adminPassword,
        ...E2E.contact,
        HOST: '127.0.0.1',
        // The tests all post from 127.0.0.1, far more than any visitor: budgets the suite never
        // meets. The API tests prove the defaults; deploy.spec.ts meets nginx's own budgets from
        // loopback addresses of its own.
        ADMIN_LOGIN_GLOBAL_FREE_FAILURES: '100000',
        RATE_LIMIT_INQUIRIES: '100000/1h',
        RATE_LIMIT_SUBSCRIBE: '100000/1h',
        RATE_LIMIT_UNSUBSCRIBE: '100000/1h',
        RATE_LIMIT_UPLOADS: '100000/1h',
        RATE_LIMIT_QR_TAKES: '100000/1h',
        // The live /try list's streams end within 22.5-30 s (not 5 minutes), so that the suite
        // follows pages across those ends; longer than any wait for a first event.
        STREAM_LIFETIME_SECONDS: '30',
      },
    },
    {
      // The variables the nginx image reads, as docker compose gives them.
      command: 'node ../deploy/nginx/local-nginx.mjs',
      url: `${E2E.baseUrl}/api/health`,
      reuseExistingServer: false,
      // nginx stops with the run and its scratch directory goes with it.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        TLS: 'off',
        BACKEND_UPSTREAM: `127.0.0.1:${E2E.backendPort}`,
        LISTEN_PORT: `127.0.0.1:${E2E.port}`,
        WEB_ROOT: E2E.publicFiles,
      },
    },
    {
      // The same with TLS=files, as docker compose runs it, and a certificate for giftcast.test.
      command:
        `node --input-type=module -e "import('../deploy/nginx/test-support.mjs').then((m) => m.makeCertificate(` +
        `process.env.TLS_DIR, [process.env.SECURE_HOST, '127.0.0.1']))" && node ../deploy/nginx/local-nginx.mjs`,
      port: E2E.securePort,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        TLS: 'files',
        TLS_DIR: E2E.tlsDir,
        SECURE_HOST: E2E.secureHost,
        TLS_CERTIFICATE: `${E2E.tlsDir}/fullchain.pem`,
        TLS_CERTIFICATE_KEY: `${E2E.tlsDir}/privkey.pem`,
        PUBLIC_URL: E2E.secureNamedUrl,
        BACKEND_UPSTREAM: `127.0.0.1:${E2E.backendPort}`,
        LISTEN_PORT: `127.0.0.1:${E2E.securePlainPort}`,
        TLS_LISTEN_PORT: `127.0.0.1:${E2E.securePort}`,
        WEB_ROOT: E2E.publicFiles,
      },
    },
  ],
});
