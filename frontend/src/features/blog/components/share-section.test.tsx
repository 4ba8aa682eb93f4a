import { act, fireEvent, screen } from '@testing-library/react';
import { loadTooltips } from '../../../components/tooltip';
import { changeLanguage } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { ShareSection } from './share-section';

/** Fakes clocks only: zag starts the toast region's state machine in a real microtask. */
function fakeClocksOnly() {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
}

const POST = {
  url: 'http://localhost:8080/blog/flowers',
  title: 'Flowers & a video letter',
  description: 'How to add a video to flowers',
  imageUrl: 'https://cdn.example/flowers.jpg',
};
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Puts a property on this page's navigator (share, clipboard, userAgent) for one test. */
function setNavigator(name: 'share' | 'clipboard' | 'userAgent', value: unknown) {
  Object.defineProperty(window.navigator, name, { value, configurable: true, writable: true });
}

let writeText: jest.Mock<Promise<void>, [string]>;

async function renderShare() {
  const result = await renderWithProviders(<ShareSection post={POST} />);
  // user-event installs its own clipboard at setup; the tests own it from here on.
  writeText = jest.fn<Promise<void>, [string]>().mockResolvedValue(undefined);
  setNavigator('clipboard', { writeText });
  return result;
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

/**
 * Clicks 'Copy link' and lets the clipboard's answer, the re-render and the toast region's start
 * run: a few turns of the real event loop (only clocks are fake here).
 */
async function copyLink() {
  const { setImmediate: nextTurn } = jest.requireActual<typeof import('timers')>('timers');
  await act(async () => {
    fireEvent.click(button('Copy link'));
    for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => nextTurn(resolve));
  });
}

// The tooltips' code, which a page fetches at the first mouse or key use.
beforeAll(() => loadTooltips());

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  jest.useRealTimers();
  for (const name of ['kakaoJsKey', 'kakaoSdk', 'kakaoSdkIntegrity']) delete document.documentElement.dataset[name];
  delete (window as { Kakao?: unknown }).Kakao;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  for (const name of ['share', 'userAgent', 'clipboard']) {
    delete (window.navigator as unknown as Record<string, unknown>)[name];
  }
});

describe('ShareSection', () => {
  it('labels every button with its channel', async () => {
    await renderShare();

    for (const name of [
      'Share on KakaoTalk',
      'Share on Facebook',
      'Share on X',
      'Share on Naver',
      'Share on Instagram',
      'Copy link',
    ]) {
      expect(button(name)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Share this post' })).toBeInTheDocument();
  });

  it('labels the buttons in Korean too', async () => {
    await changeLanguage('ko');
    await renderShare();

    expect(button('카카오톡 공유하기')).toHaveTextContent('카카오톡');
    expect(button('링크 복사')).toBeInTheDocument();
  });

  it.each([
    ['ko', '카카오톡 공유하기', '링크 복사'],
    ['en', 'Share on KakaoTalk', 'Copy link'],
  ] as const)(
    '[%s] names each button in a tooltip 700 ms after a pointer rests on it',
    async (language, kakao, copy) => {
      await changeLanguage(language);
      await renderShare();
      fakeClocksOnly();
      const shownTooltip = () => screen.queryAllByRole('tooltip').find((element) => element.dataset.state === 'open');

      for (const [name, text] of [
        [kakao, kakao],
        [copy, copy],
      ]) {
        const target = button(name);
        await act(async () => {
          fireEvent.pointerOver(target, { pointerType: 'mouse' });
          fireEvent.pointerMove(target, { pointerType: 'mouse' });
        });
        await act(async () => jest.advanceTimersByTime(699));
        expect(shownTooltip()).toBeUndefined();
        await act(async () => jest.advanceTimersByTime(1));
        expect(shownTooltip()).toHaveTextContent(text);
        // Away for longer than the skip delay: the next one waits its whole open delay.
        await act(async () => fireEvent.pointerLeave(target, { pointerType: 'mouse' }));
        await act(async () => jest.advanceTimersByTime(1000));
      }
    },
  );

  it('copy link: writes the URL, says "Link Copied!" and shows the check for exactly 2000 ms', async () => {
    await renderShare();
    fakeClocksOnly();

    await copyLink();

    expect(writeText).toHaveBeenCalledWith(POST.url);
    expect(screen.getByText('Link Copied!')).toBeInTheDocument();
    expect(screen.getByTestId('copy-link-done')).toBeInTheDocument();
    expect(screen.queryByTestId('copy-link-idle')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByTestId('copy-link-done')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('copy-link-done')).not.toBeInTheDocument();
    expect(screen.getByTestId('copy-link-idle')).toBeInTheDocument();
  });

  it('a second copy while the check shows keeps it for 2000 ms from the second copy', async () => {
    await renderShare();
    fakeClocksOnly();

    await copyLink();
    act(() => jest.advanceTimersByTime(1500));
    await copyLink();

    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByTestId('copy-link-done')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('copy-link-done')).not.toBeInTheDocument();
  });

  it('copy failure: says "Copy Failed / Failed to copy link." and shows no check', async () => {
    await renderShare();
    writeText.mockRejectedValue(new Error('denied'));

    fireEvent.click(button('Copy link'));

    expect(await screen.findByText('Copy Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to copy link.')).toBeInTheDocument();
    expect(screen.queryByTestId('copy-link-done')).not.toBeInTheDocument();
  });

  it('copy failure without any clipboard API is reported too', async () => {
    await renderShare();
    setNavigator('clipboard', undefined);

    fireEvent.click(button('Copy link'));

    expect(await screen.findByText('Copy Failed')).toBeInTheDocument();
  });

  it.each([
    ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(POST.url)}`],
    [
      'X',
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(POST.url)}&text=${encodeURIComponent(POST.title)}`,
    ],
    [
      'Naver',
      `https://share.naver.com/web/shareView?url=${encodeURIComponent(POST.url)}&title=${encodeURIComponent(POST.title)}`,
    ],
  ])('%s on a desktop opens its sharer page in a 600x600 window, cut off from this tab', async (name, url) => {
    await renderShare();
    const share = jest.fn().mockResolvedValue(undefined);
    setNavigator('share', share); // a desktop's sheet lists the system's apps: not used here
    const popup = { opener: window as Window | null };
    const open = jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);

    fireEvent.click(button(`Share on ${name}`));

    await act(async () => {});
    expect(open).toHaveBeenCalledWith(url, '_blank', 'width=600,height=600');
    expect(popup.opener).toBeNull();
    expect(share).not.toHaveBeenCalled();
    expect(screen.queryByText('Shared!')).not.toBeInTheDocument();
  });

  it('Facebook on a phone uses the native share sheet and says "Shared!"', async () => {
    await renderShare();
    setNavigator('userAgent', IPHONE);
    const share = jest.fn().mockResolvedValue(undefined);
    setNavigator('share', share);
    const open = jest.spyOn(window, 'open');

    fireEvent.click(button('Share on Facebook'));

    expect(await screen.findByText('Shared!')).toBeInTheDocument();
    expect(share).toHaveBeenCalledWith({ title: POST.title, url: POST.url });
    expect(open).not.toHaveBeenCalled();
  });

  it('a phone without a native sheet opens the sharer window', async () => {
    await renderShare();
    setNavigator('userAgent', IPHONE);
    const open = jest.spyOn(window, 'open').mockReturnValue({ opener: null } as unknown as Window);

    fireEvent.click(button('Share on X'));

    await act(async () => {});
    expect(open).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/twitter\.com\/intent\/tweet\?/),
      '_blank',
      'width=600,height=600',
    );
  });

  it('a closed share sheet (AbortError) is silent: no toast, no copy', async () => {
    await renderShare();
    setNavigator('userAgent', IPHONE);
    const share = jest.fn().mockRejectedValue(new DOMException('Share canceled', 'AbortError'));
    setNavigator('share', share);

    fireEvent.click(button('Share on Naver'));

    await act(async () => {});
    await act(async () => {});
    expect(share).toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Shared!')).not.toBeInTheDocument();
    expect(screen.queryByText('Link Copied!')).not.toBeInTheDocument();
    expect(screen.queryByText('Copy Failed')).not.toBeInTheDocument();
  });

  it('any other share sheet error copies the link instead and says "Link Copied!"', async () => {
    await renderShare();
    setNavigator('userAgent', IPHONE);
    setNavigator('share', jest.fn().mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError')));

    fireEvent.click(button('Share on Facebook'));

    expect(await screen.findByText('Link Copied!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(POST.url);
    expect(screen.queryByText('Shared!')).not.toBeInTheDocument();
  });

  it('KakaoTalk uses the native sheet when there is one, on a desktop too', async () => {
    await renderShare();
    const share = jest.fn().mockResolvedValue(undefined);
    setNavigator('share', share);

    fireEvent.click(button('Share on KakaoTalk'));

    expect(await screen.findByText('Shared!')).toBeInTheDocument();
    expect(share).toHaveBeenCalledWith({ title: POST.title, url: POST.url });
  });

  it('KakaoTalk without a sheet copies the link and says to paste it into KakaoTalk (Korean)', async () => {
    await changeLanguage('ko');
    await renderShare();
    const open = jest.spyOn(window, 'open');

    fireEvent.click(button('카카오톡 공유하기'));

    expect(await screen.findByText('카카오톡 대화방에 붙여넣어 공유해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('링크가 복사되었습니다!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(POST.url);
    expect(open).not.toHaveBeenCalled();
  });

  it('Instagram copies the link and shows its guide, even where a share sheet exists', async () => {
    await renderShare();
    setNavigator('userAgent', IPHONE);
    const share = jest.fn().mockResolvedValue(undefined);
    setNavigator('share', share);

    fireEvent.click(button('Share on Instagram'));

    expect(
      await screen.findByText(
        'Instagram cannot share web links directly. Paste the link into your story or a direct message.',
      ),
    ).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(POST.url);
    expect(share).not.toHaveBeenCalled();
    // Only the copy button carries the check.
    expect(screen.queryByTestId('copy-link-done')).not.toBeInTheDocument();
  });

  describe('with a Kakao app key (KAKAO_JS_KEY)', () => {
    const INTEGRITY = `sha384-${'A'.repeat(64)}`;
    let sdkUrl: string;

    /** The page as the backend serves it with a Kakao key; each test its own SDK address. */
    function servedWithKakaoKey() {
      sdkUrl = `https://t1.kakaocdn.net/kakao_js_sdk/2.7.9/kakao.min.js?test=${Math.random()}`;
      Object.assign(document.documentElement.dataset, {
        kakaoJsKey: 'e2e0kakao0key',
        kakaoSdk: sdkUrl,
        kakaoSdkIntegrity: INTEGRITY,
      });
    }

    const sdkScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[src*="kakao"]')];

    /** Kakao's SDK as a stand-in: it records the cards it is asked to share. */
    function answerSdk(script: HTMLScriptElement) {
      const sendDefault = jest.fn();
      let initialised = '';
      Object.assign(window, {
        Kakao: {
          init: (key: string) => (initialised = key),
          isInitialized: () => initialised !== '',
          Share: { sendDefault },
        },
      });
      act(() => {
        script.dispatchEvent(new Event('load'));
      });
      return { sendDefault, initialisedWith: () => initialised };
    }

    it('loads Kakao’s SDK only when a visitor reaches for the KakaoTalk button, with its integrity', async () => {
      servedWithKakaoKey();
      await renderShare();
      expect(sdkScripts()).toEqual([]);

      fireEvent.pointerEnter(button('Share on Facebook'));
      expect(sdkScripts()).toEqual([]);
      fireEvent.pointerEnter(button('Share on KakaoTalk'));
      fireEvent.focus(button('Share on KakaoTalk'));

      const [script] = sdkScripts();
      expect(sdkScripts()).toHaveLength(1);
      expect(script.src).toBe(sdkUrl);
      expect(script.integrity).toBe(INTEGRITY);
      expect(script.crossOrigin).toBe('anonymous');
    });

    it.each([
      ['en', 'Share on KakaoTalk', 'Read more'],
      ['ko', '카카오톡 공유하기', '자세히 보기'],
    ] as const)(
      '[%s] shares KakaoTalk’s feed card: title, summary, picture, link and button',
      async (language, name, more) => {
        await changeLanguage(language);
        servedWithKakaoKey();
        await renderShare();
        const share = jest.fn();
        setNavigator('share', share);

        fireEvent.pointerEnter(button(name));
        const sdk = answerSdk(sdkScripts()[0]);
        fireEvent.click(button(name));
        await act(async () => {});

        expect(sdk.initialisedWith()).toBe('e2e0kakao0key');
        const link = { webUrl: POST.url, mobileWebUrl: POST.url };
        expect(sdk.sendDefault).toHaveBeenCalledWith({
          objectType: 'feed',
          content: { title: POST.title, description: POST.description, imageUrl: POST.imageUrl, link },
          buttons: [{ title: more, link }],
        });
        expect(share).not.toHaveBeenCalled();
        expect(writeText).not.toHaveBeenCalled();
      },
    );

    it('a click before any reach loads the SDK and then shares', async () => {
      servedWithKakaoKey();
      await renderShare();

      fireEvent.click(button('Share on KakaoTalk'));
      const sdk = answerSdk(sdkScripts()[0]);
      await act(async () => {});

      expect(sdk.sendDefault).toHaveBeenCalledTimes(1);
    });

    it('when the SDK cannot be loaded, copies the link with the KakaoTalk guide, as without a key', async () => {
      servedWithKakaoKey();
      await renderShare();

      fireEvent.click(button('Share on KakaoTalk'));
      act(() => {
        sdkScripts()[0].dispatchEvent(new Event('error'));
      });

      expect(await screen.findByText('Paste it into a KakaoTalk chat to share it.')).toBeInTheDocument();
      expect(writeText).toHaveBeenCalledWith(POST.url);
      // Gone, so that a later share tries again.
      expect(sdkScripts()).toEqual([]);
    });
  });

  it('without a Kakao app key nothing is loaded from Kakao: the button copies the link as before', async () => {
    await renderShare();

    fireEvent.pointerEnter(button('Share on KakaoTalk'));
    fireEvent.focus(button('Share on KakaoTalk'));
    fireEvent.click(button('Share on KakaoTalk'));

    expect(await screen.findByText('Paste it into a KakaoTalk chat to share it.')).toBeInTheDocument();
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
