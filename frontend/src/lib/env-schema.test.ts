import { parseEnv } from './env-schema';

describe('parseEnv', () => {
  it('uses the development defaults when nothing is set', () => {
    expect(parseEnv({})).toEqual({
      PUBLIC_URL: 'http://localhost:8080',
      VIDEO_MAX_BYTES: 104_857_600,
      VIDEO_MAX_SECONDS: 180,
      VIDEO_RETENTION_DAYS: 7,
    });
  });

  it('treats blank values as unset and drops a trailing slash from PUBLIC_URL', () => {
    const env = parseEnv({ VIDEO_MAX_BYTES: '  ', PUBLIC_URL: 'https://giftcast.example/' });

    expect(env.VIDEO_MAX_BYTES).toBe(104_857_600);
    expect(env.PUBLIC_URL).toBe('https://giftcast.example');
  });

  it('reads VIDEO_MAX_BYTES from its string form and rejects a value that is not a positive whole number', () => {
    expect(parseEnv({ VIDEO_MAX_BYTES: '52428800' }).VIDEO_MAX_BYTES).toBe(52_428_800);
    expect(() => parseEnv({ VIDEO_MAX_BYTES: '100MB' })).toThrow(/VIDEO_MAX_BYTES/);
    expect(() => parseEnv({ VIDEO_MAX_BYTES: '0' })).toThrow(/VIDEO_MAX_BYTES/);
  });

  it('reads VIDEO_MAX_SECONDS the same way', () => {
    expect(parseEnv({ VIDEO_MAX_SECONDS: '60' }).VIDEO_MAX_SECONDS).toBe(60);
    expect(() => parseEnv({ VIDEO_MAX_SECONDS: '3m' })).toThrow(/VIDEO_MAX_SECONDS/);
  });

  it('reads VIDEO_RETENTION_DAYS the same way', () => {
    expect(parseEnv({ VIDEO_RETENTION_DAYS: '3' }).VIDEO_RETENTION_DAYS).toBe(3);
    expect(() => parseEnv({ VIDEO_RETENTION_DAYS: '1.5' })).toThrow(/VIDEO_RETENTION_DAYS/);
    expect(() => parseEnv({ VIDEO_RETENTION_DAYS: '0' })).toThrow(/VIDEO_RETENTION_DAYS/);
  });

  it('rejects a non-http PUBLIC_URL, naming the variable', () => {
    expect(() => parseEnv({ PUBLIC_URL: 'ftp://giftcast.example' })).toThrow(/PUBLIC_URL/);
  });
});
