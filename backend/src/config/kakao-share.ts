import type { Env } from './config.schema';

/** Where Kakao publishes its JavaScript SDK: https://t1.kakaocdn.net/kakao_js_sdk/<version>/kakao.min.js. */
export const KAKAO_SDK_ORIGIN = 'https://t1.kakaocdn.net';
/** Where the SDK's share posts its card (a form it submits into the share window). */
export const KAKAO_SHARER_ORIGIN = 'https://sharer.kakao.com';

/** KakaoTalk's own share card, when KAKAO_JS_KEY is set: the app key and the SDK to load. */
export interface KakaoShare {
  appKey: string;
  sdkUrl: string;
  /** The SDK file's subresource integrity value, as Kakao publishes it for its version. */
  integrity: string;
}

export function kakaoShareOf(
  env: Pick<Env, 'KAKAO_JS_KEY' | 'KAKAO_SDK_VERSION' | 'KAKAO_SDK_INTEGRITY'>,
): KakaoShare | undefined {
  if (!env.KAKAO_JS_KEY) return undefined;
  return {
    appKey: env.KAKAO_JS_KEY,
    sdkUrl: `${KAKAO_SDK_ORIGIN}/kakao_js_sdk/${env.KAKAO_SDK_VERSION}/kakao.min.js`,
    integrity: env.KAKAO_SDK_INTEGRITY,
  };
}
