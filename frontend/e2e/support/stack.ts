import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

const port = Number(process.env.E2E_PORT ?? 18080);
const backendPort = Number(process.env.E2E_BACKEND_PORT ?? 18081);
const securePort = Number(process.env.E2E_TLS_PORT ?? 18443);
const securePlainPort = Number(process.env.E2E_TLS_HTTP_PORT ?? 18480);
/** A name that is not localhost (which browsers trust over plain HTTP too), mapped to 127.0.0.1. */
const secureHost = 'giftcast.test';

/**
 * Where the stack under test runs; fixed so every worker agrees without sharing state. The tests
 * talk to nginx (`port`), which serves the built web app and proxies the rest to the backend.
 */
export const E2E = {
  port,
  baseUrl: `http://localhost:${port}`,
  backendPort,
  backendUrl: `http://127.0.0.1:${backendPort}`,
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 18025),
  /**
   * A second nginx with TLS=files in front of the same backend, for what phones need a secure
   * origin for (the camera), with a certificate made for the run. The browser also reaches it as
   * https://giftcast.test (Chromium maps the name; Node's requests cannot, so they use the address).
   */
  securePort,
  securePlainPort,
  secureHost,
  secureUrl: `https://127.0.0.1:${securePort}`,
  secureNamedUrl: `https://${secureHost}:${securePort}`,
  securePlainUrl: `http://127.0.0.1:${securePlainPort}`,
  /** The plain-HTTP nginx under the same name. */
  plainNamedUrl: `http://${secureHost}:${port}`,
  tlsDir: resolve(here, '../../.e2e/tls'),
  /** The web build's public files, which nginx serves itself (the backend reads the whole build). */
  publicFiles: resolve(here, '../../dist/client'),
  dataDir: resolve(here, '../../.e2e/data'),
  mailDir: resolve(here, '../../.e2e/mail'),
  adminPassword: 'e2e-admin-password-123',
  // The contact details the backend states at start (not the build's): the pages must show these.
  contact: { CONTACT_EMAIL: 'partners@giftcast.test', CONTACT_PHONE: '+82-10-2345-6789' },
};

/** Debian's Chromium, headless, with no calls to the outside and a fake camera. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];
