import { pageLanguage } from './web-app';

const request = (query: Record<string, unknown>, cookie?: string) =>
  ({ query, headers: cookie === undefined ? {} : { cookie } }) as Parameters<typeof pageLanguage>[0];

describe('pageLanguage', () => {
  it('is Korean without an asked or remembered language', () => {
    expect(pageLanguage(request({}))).toBe('ko');
  });

  it("takes the address's ?lang= first, over the cookie", () => {
    expect(pageLanguage(request({ lang: 'en' }))).toBe('en');
    expect(pageLanguage(request({ lang: 'ko' }, 'giftcast-language=en'))).toBe('ko');
    expect(pageLanguage(request({ lang: 'en' }, 'giftcast-language=ko'))).toBe('en');
  });

  it("else the visitor's remembered choice, wherever it stands among the cookies", () => {
    expect(pageLanguage(request({}, 'giftcast-language=en'))).toBe('en');
    expect(pageLanguage(request({}, 'a=1; giftcast-language=en; b=2'))).toBe('en');
    expect(pageLanguage(request({ lang: 'fr' }, 'giftcast-language=en'))).toBe('en');
  });

  it('reads anything else as Korean', () => {
    expect(pageLanguage(request({}, 'giftcast-language=english'))).toBe('ko');
    expect(pageLanguage(request({}, 'my-giftcast-language=en'))).toBe('ko');
    expect(pageLanguage(request({ lang: ['en', 'ko'] }))).toBe('ko');
  });
});
