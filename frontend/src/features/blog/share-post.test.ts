import { isMobileDevice, sharePost, sharerUrl, type SharePlatform } from './share-post';

const POST = {
  url: 'https://giftcast.example/blog/flowers-and-video',
  title: 'Flowers & a video letter',
  description: 'How to add a video to flowers',
  imageUrl: 'https://giftcast.example/media/share-en.jpg',
};
const ENCODED_URL = encodeURIComponent(POST.url);

function platform(overrides: Partial<SharePlatform> = {}) {
  return {
    share: undefined,
    isMobile: false,
    copy: jest.fn<Promise<void>, [string]>().mockResolvedValue(undefined),
    openWindow: jest.fn<boolean, [string]>().mockReturnValue(true),
    ...overrides,
  } satisfies SharePlatform;
}

const nativeSheet = () => jest.fn<Promise<void>, [ShareData]>().mockResolvedValue(undefined);
const abortError = () => new DOMException('Share canceled', 'AbortError');

describe('sharerUrl', () => {
  it("builds each sharer page's address with the encoded post URL and title", () => {
    expect(sharerUrl('facebook', POST)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${ENCODED_URL}`);
    expect(sharerUrl('x', POST)).toBe(
      `https://twitter.com/intent/tweet?url=${ENCODED_URL}&text=Flowers%20%26%20a%20video%20letter`,
    );
    expect(sharerUrl('naver', POST)).toBe(
      `https://share.naver.com/web/shareView?url=${ENCODED_URL}&title=Flowers%20%26%20a%20video%20letter`,
    );
  });
});

describe('sharePost on Facebook, X and Naver', () => {
  it.each(['facebook', 'x', 'naver'] as const)('uses the native sheet on a mobile device for %s', async (channel) => {
    const share = nativeSheet();
    const browser = platform({ share, isMobile: true });

    await expect(sharePost(channel, POST, browser)).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: POST.title, url: POST.url });
    expect(browser.openWindow).not.toHaveBeenCalled();
  });

  it.each(['facebook', 'x', 'naver'] as const)(
    'opens the sharer page on a desktop for %s even when a native sheet exists',
    async (channel) => {
      const share = nativeSheet();
      const browser = platform({ share, isMobile: false });

      await expect(sharePost(channel, POST, browser)).resolves.toBe('opened');
      expect(share).not.toHaveBeenCalled();
      expect(browser.openWindow).toHaveBeenCalledWith(sharerUrl(channel, POST));
    },
  );

  it('opens the sharer page on a phone without a native sheet', async () => {
    const browser = platform({ isMobile: true });

    await expect(sharePost('x', POST, browser)).resolves.toBe('opened');
    expect(browser.openWindow).toHaveBeenCalledWith(sharerUrl('x', POST));
  });

  it('copies the link when a popup blocker stops the window', async () => {
    const browser = platform({ openWindow: jest.fn().mockReturnValue(false) });

    await expect(sharePost('facebook', POST, browser)).resolves.toBe('copied');
    expect(browser.copy).toHaveBeenCalledWith(POST.url);
  });

  it('is silent when the visitor closes the native sheet (AbortError): no copy, no window', async () => {
    const browser = platform({ share: jest.fn().mockRejectedValue(abortError()), isMobile: true });

    await expect(sharePost('naver', POST, browser)).resolves.toBe('cancelled');
    expect(browser.copy).not.toHaveBeenCalled();
    expect(browser.openWindow).not.toHaveBeenCalled();
  });

  it('falls back to copying the link when the native sheet fails otherwise', async () => {
    const browser = platform({
      share: jest.fn().mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError')),
      isMobile: true,
    });

    await expect(sharePost('facebook', POST, browser)).resolves.toBe('copied');
    expect(browser.copy).toHaveBeenCalledWith(POST.url);
  });

  it('reports a failed copy when both the sheet and the clipboard fail', async () => {
    const browser = platform({
      share: jest.fn().mockRejectedValue(new TypeError('bad data')),
      isMobile: true,
      copy: jest.fn().mockRejectedValue(new Error('denied')),
    });

    await expect(sharePost('x', POST, browser)).resolves.toBe('copy-failed');
  });
});

describe('sharePost on KakaoTalk', () => {
  it.each([true, false])('uses the native sheet when there is one (mobile: %s)', async (isMobile) => {
    const share = nativeSheet();
    const browser = platform({ share, isMobile });

    await expect(sharePost('kakao', POST, browser)).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: POST.title, url: POST.url });
    expect(browser.copy).not.toHaveBeenCalled();
  });

  it('copies the link for pasting into KakaoTalk when there is no native sheet', async () => {
    const browser = platform({ isMobile: true });

    await expect(sharePost('kakao', POST, browser)).resolves.toBe('copied-for-kakao');
    expect(browser.copy).toHaveBeenCalledWith(POST.url);
    expect(browser.openWindow).not.toHaveBeenCalled();
  });

  it('is silent when the sheet is closed, and copies with the guide when it fails otherwise', async () => {
    const cancelled = platform({ share: jest.fn().mockRejectedValue(abortError()) });
    await expect(sharePost('kakao', POST, cancelled)).resolves.toBe('cancelled');
    expect(cancelled.copy).not.toHaveBeenCalled();

    const failed = platform({ share: jest.fn().mockRejectedValue(new Error('boom')) });
    await expect(sharePost('kakao', POST, failed)).resolves.toBe('copied-for-kakao');
    expect(failed.copy).toHaveBeenCalledWith(POST.url);
  });

  it('reports a failed copy when the clipboard refuses', async () => {
    const browser = platform({ copy: jest.fn().mockRejectedValue(new Error('denied')) });

    await expect(sharePost('kakao', POST, browser)).resolves.toBe('copy-failed');
  });
  it("with a Kakao app key, shares KakaoTalk's own card instead of the sheet or a copy", async () => {
    const kakaoCard = jest.fn<Promise<void>, [typeof POST]>().mockResolvedValue(undefined);
    const share = nativeSheet();
    const browser = platform({ share, isMobile: true, kakaoCard });

    await expect(sharePost('kakao', POST, browser)).resolves.toBe('opened');
    expect(kakaoCard).toHaveBeenCalledWith(POST);
    expect(share).not.toHaveBeenCalled();
    expect(browser.copy).not.toHaveBeenCalled();
  });

  it("falls back as without a key when Kakao's SDK cannot be had", async () => {
    const kakaoCard = jest.fn().mockRejectedValue(new Error("Kakao's SDK could not be loaded"));
    const share = nativeSheet();

    await expect(sharePost('kakao', POST, platform({ share, kakaoCard }))).resolves.toBe('shared');
    await expect(sharePost('kakao', POST, platform({ kakaoCard }))).resolves.toBe('copied-for-kakao');
  });

  it('uses the card for KakaoTalk only', async () => {
    const kakaoCard = jest.fn().mockResolvedValue(undefined);

    await expect(sharePost('facebook', POST, platform({ kakaoCard }))).resolves.toBe('opened');
    expect(kakaoCard).not.toHaveBeenCalled();
  });
});

describe('sharePost on Instagram', () => {
  it('always copies the link for a guide, never using the sheet or a window', async () => {
    const share = nativeSheet();
    const browser = platform({ share, isMobile: true });

    await expect(sharePost('instagram', POST, browser)).resolves.toBe('copied-for-instagram');
    expect(browser.copy).toHaveBeenCalledWith(POST.url);
    expect(share).not.toHaveBeenCalled();
    expect(browser.openWindow).not.toHaveBeenCalled();
  });

  it('reports a failed copy when the clipboard refuses', async () => {
    const browser = platform({ copy: jest.fn().mockRejectedValue(new Error('denied')) });

    await expect(sharePost('instagram', POST, browser)).resolves.toBe('copy-failed');
  });
});

describe('isMobileDevice', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
  const MAC =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
  const WINDOWS =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

  it('recognises phones by their user agent or client hints', () => {
    expect(isMobileDevice({ userAgent: IPHONE, maxTouchPoints: 5 })).toBe(true);
    expect(isMobileDevice({ userAgent: ANDROID, maxTouchPoints: 5 })).toBe(true);
    expect(isMobileDevice({ userAgent: WINDOWS, maxTouchPoints: 0, userAgentData: { mobile: true } })).toBe(true);
  });

  it('recognises an iPad that presents itself as a Mac by its touch screen', () => {
    expect(isMobileDevice({ userAgent: MAC, maxTouchPoints: 5 })).toBe(true);
    expect(isMobileDevice({ userAgent: MAC, maxTouchPoints: 0 })).toBe(false);
  });

  it('treats desktops as not mobile, touch screen laptops included', () => {
    expect(isMobileDevice({ userAgent: WINDOWS, maxTouchPoints: 10, userAgentData: { mobile: false } })).toBe(false);
  });
});
