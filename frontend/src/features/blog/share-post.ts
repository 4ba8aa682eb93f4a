import { servedKakaoShare } from '../../lib/env';
import { kakaoFeedCard, loadKakaoSdk } from './kakao-share';

/** The share buttons, in the order they are shown (copy link is separate: it only copies). */
export const SHARE_CHANNELS = ['kakao', 'facebook', 'x', 'naver', 'instagram'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** Channels with a web sharer page; the others have none a browser can open. */
type SharerChannel = 'facebook' | 'x' | 'naver';

export interface SharedPost {
  url: string;
  title: string;
  /** The post's summary, for KakaoTalk's card. */
  description: string;
  /** The post's picture (absolute), for KakaoTalk's card. */
  imageUrl: string;
}

/** What the browser offers, passed in so the rules below run (and are tested) without one. */
export interface SharePlatform {
  /** navigator.share, when the browser has a native share sheet. */
  share?: (data: ShareData) => Promise<void>;
  isMobile: boolean;
  copy: (text: string) => Promise<void>;
  /** Opens a 600x600 window; false when a popup blocker stopped it. */
  openWindow: (url: string) => boolean;
  /**
   * Shares KakaoTalk's own card through Kakao's SDK, where the site has a Kakao app key; rejects
   * when the SDK cannot be had.
   */
  kakaoCard?: (post: SharedPost) => Promise<void>;
}

export type ShareOutcome =
  | 'shared' // the native sheet completed
  | 'cancelled' // the visitor closed the native sheet: nothing to say
  | 'opened' // the channel's sharer page opened in a window
  | 'copied' // a share that could not happen copied the link instead
  | 'copied-for-kakao'
  | 'copied-for-instagram'
  | 'copy-failed';

export type CopyOutcome = 'copied' | 'copy-failed';

export function sharerUrl(channel: SharerChannel, { url, title }: SharedPost): string {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  switch (channel) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'x':
      return `https://twitter.com/intent/tweet?url=${u}&text=${text}`;
    case 'naver':
      return `https://share.naver.com/web/shareView?url=${u}&title=${text}`;
  }
}

const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

export async function copyLink(url: string, platform: Pick<SharePlatform, 'copy'>): Promise<CopyOutcome> {
  try {
    await platform.copy(url);
    return 'copied';
  } catch {
    return 'copy-failed';
  }
}

/**
 * Shares a post on one channel (spec section 7):
 * - Instagram has no web share for links: the link is copied with a guide.
 * - KakaoTalk: KakaoTalk's own card (picture, title, summary, a button) through Kakao's SDK where
 *   the site has a Kakao app key (KAKAO_JS_KEY); without one, or when the SDK cannot be had, the
 *   native sheet (which lists KakaoTalk on phones) when there is one, else the link is copied
 *   with a guide.
 * - Facebook, X, Naver: the native sheet on mobile devices only (on a desktop it offers the
 *   system's apps, not these sites), else the sharer page in a 600x600 window.
 * A closed sheet is silent; any other failure of the sheet, or a blocked window, copies the link.
 */
export async function sharePost(
  channel: ShareChannel,
  post: SharedPost,
  platform: SharePlatform,
): Promise<ShareOutcome> {
  const copyInstead = async (success: ShareOutcome): Promise<ShareOutcome> =>
    (await copyLink(post.url, platform)) === 'copied' ? success : 'copy-failed';

  if (channel === 'instagram') return copyInstead('copied-for-instagram');

  if (channel === 'kakao' && platform.kakaoCard) {
    try {
      await platform.kakaoCard(post);
      return 'opened';
    } catch {
      // Kakao's SDK is blocked or unreachable: the share still happens, as without a key.
    }
  }

  const fallback: ShareOutcome = channel === 'kakao' ? 'copied-for-kakao' : 'copied';
  if (platform.share && (channel === 'kakao' || platform.isMobile)) {
    try {
      await platform.share({ title: post.title, url: post.url });
      return 'shared';
    } catch (error) {
      return isAbort(error) ? 'cancelled' : copyInstead(fallback);
    }
  }

  if (channel === 'kakao') return copyInstead(fallback);
  return platform.openWindow(sharerUrl(channel, post)) ? 'opened' : copyInstead(fallback);
}

interface DeviceHints {
  userAgent: string;
  maxTouchPoints: number;
  userAgentData?: { mobile?: boolean };
}

/** Phones and tablets, including iPads that present themselves as a Mac. */
export function isMobileDevice({ userAgent, maxTouchPoints, userAgentData }: DeviceHints): boolean {
  if (userAgentData?.mobile) return true;
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

/**
 * Loads Kakao's SDK ahead of a share, where the site has a Kakao app key: when a visitor reaches
 * for the KakaoTalk button (pointer over it, a finger on it, focus on it), never before.
 */
export function prepareKakaoShare(): void {
  const kakao = servedKakaoShare();
  if (kakao) loadKakaoSdk(kakao).catch(() => undefined); // the share itself tries again
}

/**
 * The real browser. Call it in an event handler: it reads navigator and window, and the page's
 * Kakao settings. `buttonTitle`: the text of the button on KakaoTalk's card, in the language shown.
 */
export function browserSharePlatform(buttonTitle = ''): SharePlatform {
  const nav = navigator as Navigator & { userAgentData?: { mobile?: boolean } };
  const kakao = servedKakaoShare();
  return {
    kakaoCard: kakao
      ? async (post) => (await loadKakaoSdk(kakao)).Share.sendDefault(kakaoFeedCard({ ...post, buttonTitle }))
      : undefined,
    share: typeof nav.share === 'function' ? (data) => nav.share(data) : undefined,
    isMobile: isMobileDevice(nav),
    copy: (text) =>
      nav.clipboard?.writeText ? nav.clipboard.writeText(text) : Promise.reject(new Error('Clipboard unavailable')),
    openWindow: (url) => {
      const popup = window.open(url, '_blank', 'width=600,height=600');
      if (!popup) return false;
      // The third-party page must not be able to navigate this tab (reverse tabnabbing).
      popup.opener = null;
      return true;
    },
  };
}
