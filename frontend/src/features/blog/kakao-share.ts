import type { KakaoShareSettings } from '../../lib/env';

/** The part of Kakao's JavaScript SDK the share button uses. */
export interface KakaoSdk {
  init(appKey: string): void;
  isInitialized(): boolean;
  Share: { sendDefault(settings: KakaoFeedCard): void };
}

interface KakaoLink {
  webUrl: string;
  mobileWebUrl: string;
}

/** Kakao's feed template: the card KakaoTalk shows, with a picture, a title, a line and a button. */
export interface KakaoFeedCard {
  objectType: 'feed';
  content: { title: string; description: string; imageUrl: string; link: KakaoLink };
  buttons: { title: string; link: KakaoLink }[];
}

/** A script that has not loaded by then never will on this visit; the share falls back. */
export const KAKAO_SDK_TIMEOUT_MS = 10_000;

/** Each SDK file's load, under its address. */
const loads = new Map<string, Promise<KakaoSdk>>();

/**
 * Kakao's SDK, loaded once (with the integrity Kakao publishes for the file, so no other bytes
 * run) and initialised with the app key. A failed load is forgotten, so a later share tries again.
 */
export function loadKakaoSdk(settings: KakaoShareSettings): Promise<KakaoSdk> {
  const loaded = loads.get(settings.sdkUrl);
  if (loaded) return loaded;
  const loading = new Promise<KakaoSdk>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      loads.delete(settings.sdkUrl);
      reject(new Error(`Kakao's SDK ${reason}`));
    };
    const timer = setTimeout(() => fail('did not load in time'), KAKAO_SDK_TIMEOUT_MS);
    script.addEventListener('load', () => {
      clearTimeout(timer);
      const kakao = (window as Window & { Kakao?: KakaoSdk }).Kakao;
      if (!kakao) return fail('defined no Kakao');
      try {
        if (!kakao.isInitialized()) kakao.init(settings.appKey);
        resolve(kakao);
      } catch (error) {
        fail(`could not start: ${String(error)}`);
      }
    });
    script.addEventListener('error', () => fail('could not be loaded'));
    script.src = settings.sdkUrl;
    script.integrity = settings.integrity;
    script.crossOrigin = 'anonymous';
    script.async = true;
    document.head.append(script);
  });
  loads.set(settings.sdkUrl, loading);
  return loading;
}

export interface KakaoCardContent {
  url: string;
  title: string;
  description: string;
  /** An absolute address: Kakao's servers fetch the picture. */
  imageUrl: string;
  buttonTitle: string;
}

/** Kakao's feed card of a post: its picture, title and summary, and a button to the post. */
export function kakaoFeedCard({ url, title, description, imageUrl, buttonTitle }: KakaoCardContent): KakaoFeedCard {
  const link = { webUrl: url, mobileWebUrl: url };
  return {
    objectType: 'feed',
    content: { title, description, imageUrl, link },
    buttons: [{ title: buttonTitle, link }],
  };
}
