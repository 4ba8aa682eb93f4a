import { rmSync } from 'node:fs';
import { startTestApp, type TestApp } from './support/test-app';
import { tinyWebBuild } from './support/web-build';

const KEY = '2d68640b56d986af5c8a48505c7c8c71';
const SDK = 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.9/kakao.min.js';
const INTEGRITY = 'sha384-JpLApTkB8lPskhVMhT+m5Ln8aHlnS0bsIexhaak0jOhAkMYedQoVghPfSpjNi9K1';

/** The page's Content-Security-Policy, directive by directive. */
function policy(header: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/**
 * KakaoTalk's share card is a runtime setting: with KAKAO_JS_KEY the pages name the key and the SDK
 * for the app, and the Content-Security-Policy lets that SDK file run and post its card; without
 * it neither the pages nor the policy mention Kakao.
 */
describe('KakaoTalk share settings', () => {
  const webRoot = tinyWebBuild();
  let withKey: TestApp;
  let withoutKey: TestApp;

  beforeAll(async () => {
    withKey = await startTestApp({ WEB_ROOT: webRoot, KAKAO_JS_KEY: KEY });
    withoutKey = await startTestApp({ WEB_ROOT: webRoot });
  });

  afterAll(async () => {
    await withKey?.close();
    await withoutKey?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('with KAKAO_JS_KEY: every page names the key, the SDK and its integrity, and the policy allows that file and its share', async () => {
    for (const path of ['/', '/blog?lang=en', '/v/some-code']) {
      const response = await withKey.http.get(path).expect(200);
      expect(response.text).toContain(
        `<html data-kakao-js-key="${KEY}" data-kakao-sdk="${SDK}" data-kakao-sdk-integrity="${INTEGRITY}" `,
      );
      const directives = policy(response.headers['content-security-policy']);
      expect(directives['script-src']).toContain(SDK);
      expect(directives['script-src'].filter((source) => source.includes('kakao'))).toEqual([SDK]);
      expect(directives['form-action']).toEqual(["'self'", 'https://sharer.kakao.com']);
    }
  });

  it('without KAKAO_JS_KEY: no page and no policy mentions Kakao', async () => {
    for (const path of ['/', '/blog?lang=en', '/v/some-code', '/api/health']) {
      const response = await withoutKey.http.get(path);
      expect(response.text).not.toContain('kakao');
      const header = response.headers['content-security-policy'];
      expect(header).toContain("default-src 'self'");
      expect(header).not.toContain('kakao');
      expect(policy(header)['form-action']).toEqual(["'self'"]);
    }
  });
});
