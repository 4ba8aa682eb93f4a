import { parseEnv } from './env-schema';

describe('parseEnv', () => {
  it('uses the development defaults when nothing is set', () => {
    expect(parseEnv({})).toEqual({
      CONTACT_EMAIL: 'hello@giftcast.example',
      CONTACT_PHONE: '+82-2-0000-0000',
      PUBLIC_URL: 'http://localhost:8080',
      VIDEO_MAX_BYTES: 104_857_600,
      VIDEO_MAX_SECONDS: 180,
    });
  });

  it('treats blank values as unset and drops a trailing slash from PUBLIC_URL', () => {
    const env = parseEnv({ CONTACT_EMAIL: '  ', PUBLIC_URL: 'https://giftcast.example/', VITE_GA_ID: 'G-1' });

    expect(env.CONTACT_EMAIL).toBe('hello@giftcast.example');
    expect(env.PUBLIC_URL).toBe('https://giftcast.example');
    expect(env.VITE_GA_ID).toBe('G-1');
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

  it('rejects a bad contact email or a non-http PUBLIC_URL, naming the variable', () => {
    expect(() => parseEnv({ CONTACT_EMAIL: 'not-an-email' })).toThrow(/CONTACT_EMAIL/);
    expect(() => parseEnv({ PUBLIC_URL: 'ftp://giftcast.example' })).toThrow(/PUBLIC_URL/);
  });
});
