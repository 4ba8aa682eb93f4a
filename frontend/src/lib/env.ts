import { PUBLIC_URL_PLACEHOLDER } from '@giftcast/contract/language';
import { BUILT_CONTACT } from '@giftcast/contract/site-contact';
import type { Env } from './env-schema';

// Validated and completed with defaults by vite.config.ts at build time (jest: the test setup), so the
// visitor's bundle carries the values, not the validator.
declare const __GIFTCAST_ENV__: Env;

/**
 * The origin the serving backend states on `<html data-public-url>`: one build then serves any
 * host, and the prerendered pages' absolute links follow the server's PUBLIC_URL.
 */
function servedPublicUrl(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const served = document.documentElement.dataset.publicUrl;
  return served && served !== PUBLIC_URL_PLACEHOLDER ? served : undefined;
}

/** A setting the serving backend states on `<html data-*>`; none outside a browser (the prerender). */
function served(name: 'contactEmail' | 'contactPhone' | 'gaId'): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.documentElement.dataset[name] || undefined;
}

/**
 * The build's settings, and those read when the server starts (CONTACT_EMAIL, CONTACT_PHONE,
 * GA_ID): the prerendered pages carry the build's contact details, which the backend replaces.
 */
export const env: Env & { CONTACT_EMAIL: string; CONTACT_PHONE: string; GA_ID?: string } = {
  ...__GIFTCAST_ENV__,
  PUBLIC_URL: servedPublicUrl() ?? __GIFTCAST_ENV__.PUBLIC_URL,
  CONTACT_EMAIL: served('contactEmail') ?? BUILT_CONTACT.email,
  CONTACT_PHONE: served('contactPhone') ?? BUILT_CONTACT.phone,
  GA_ID: served('gaId'),
};

/** KakaoTalk's share card as the serving backend sets it up (KAKAO_JS_KEY): the app key and the SDK. */
export interface KakaoShareSettings {
  appKey: string;
  sdkUrl: string;
  /** The SDK file's subresource integrity value. */
  integrity: string;
}

/**
 * The Kakao settings the serving backend states on `<html data-kakao-*>`, read when needed; none
 * when it has no KAKAO_JS_KEY (or the page was not served by it).
 */
export function servedKakaoShare(): KakaoShareSettings | undefined {
  if (typeof document === 'undefined') return undefined;
  const { kakaoJsKey, kakaoSdk, kakaoSdkIntegrity } = document.documentElement.dataset;
  if (!kakaoJsKey || !kakaoSdk || !kakaoSdkIntegrity) return undefined;
  return { appKey: kakaoJsKey, sdkUrl: kakaoSdk, integrity: kakaoSdkIntegrity };
}
