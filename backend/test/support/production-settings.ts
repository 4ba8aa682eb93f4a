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
