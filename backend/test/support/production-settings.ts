import type { EmbeddedStorage } from '../../src/local/embedded-storage';

/**
 * What production's checks ask of a backend process started with NODE_ENV=production in the tests
 * (config.schema.ts): a storage secret with enough entropy, for the embedded S3 server to accept
 * (`startEmbeddedStorage(dir, bucket, { secretAccessKey })`), and mail addresses at a domain that
 * receives mail rather than localhost.
 */
export const PRODUCTION_STORAGE_SECRET = 'Vx3q-9tLm2Zk7pWc4Rf8nBy6';

export const PRODUCTION_MAIL = {
  MAIL_FROM: 'Giftcast <no-reply@giftcast.co.kr>',
  INQUIRY_NOTIFY_TO: 'team@giftcast.co.kr',
};

/**
 * The settings of a NODE_ENV=production backend on the tests' own parts: the test database, an
 * embedded S3 server started with PRODUCTION_STORAGE_SECRET, and an SMTP sink.
 */
export function productionEnv(parts: {
  databaseUrl: string;
  storage: EmbeddedStorage;
  bucket: string;
  smtpUrl: string;
  adminPassword: string;
  jwtSecret: string;
  /** The job queue's schema (the test schema's own, so that no other test's workers take its jobs). */
  jobsSchema?: string;
}): Record<string, string> {
  // The test server trusts local connections, so any password gets in; production wants one.
  const database = new URL(parts.databaseUrl);
  database.password ||= 'a-database-password-of-its-own';
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://giftcast.test',
    DATABASE_URL: database.toString(),
    DATABASE_POOL_SIZE: '4',
    S3_ENDPOINT: parts.storage.endpoint,
    S3_BUCKET: parts.bucket,
    S3_ACCESS_KEY_ID: parts.storage.accessKeyId,
    S3_SECRET_ACCESS_KEY: parts.storage.secretAccessKey,
    ...PRODUCTION_MAIL,
    SMTP_URL: parts.smtpUrl,
    ADMIN_PASSWORD: parts.adminPassword,
    JWT_SECRET: parts.jwtSecret,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...(parts.jobsSchema ? { JOBS_SCHEMA: parts.jobsSchema } : {}),
  };
}
