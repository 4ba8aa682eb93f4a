import { LANGUAGES, type Language } from '@giftcast/contract/language';
import {
  INQUIRY_LIMITS as I,
  POST_LIMITS as P,
  POST_SEARCH_MAX_LENGTH,
  QR_GENERATE_LIMITS as Q,
  TAKE_BACK_HOURS,
  TESTIMONIAL_LIMITS as T,
} from '@giftcast/contract/limits';

/**
 * Every message the API can put in an error body or a success answer, in Korean (default) and
 * English. Validation texts are the spec's (section 5), their numbers the contract's limits (the
 * ones the DTOs check); the frontend shows `error` as it comes.
 */
export const MESSAGES = {
  'validation.failed': { ko: '입력값을 확인해주세요', en: 'Please check your input' },
  'field.required': { ko: '필수 입력 항목입니다', en: 'This field is required' },
  'field.string': { ko: '문자열이어야 합니다', en: 'Must be text' },
  'field.boolean': { ko: '참 또는 거짓이어야 합니다', en: 'Must be true or false' },
  'field.integer': { ko: '정수여야 합니다', en: 'Must be a whole number' },
  'field.unknown': { ko: '허용되지 않는 항목입니다', en: 'This field is not allowed' },
  'field.url': { ko: '올바른 URL을 입력해주세요', en: 'Please enter a valid URL' },
  'field.invalid': { ko: '올바르지 않은 값입니다', en: 'Invalid value' },
  'email.invalid': { ko: '유효한 이메일 주소를 입력해주세요', en: 'Please enter a valid email address' },
  'name.min': {
    ko: `이름을 ${I.name.min}자 이상 입력해주세요`,
    en: `Please enter at least ${I.name.min} characters for the name`,
  },
  'name.max': {
    ko: `이름은 ${I.name.max}자 이내로 입력해주세요`,
    en: `The name must be ${I.name.max} characters or fewer`,
  },
  'phone.max': {
    ko: `전화번호는 ${I.phone.max}자 이내로 입력해주세요`,
    en: `The phone number must be ${I.phone.max} characters or fewer`,
  },
  'message.min': {
    ko: `메시지를 ${I.message.min}자 이상 입력해주세요`,
    en: `Please enter at least ${I.message.min} characters for the message`,
  },
  'message.max': {
    ko: `메시지는 ${I.message.max}자 이내로 입력해주세요`,
    en: `The message must be ${I.message.max} characters or fewer`,
  },
  'submissionType.invalid': {
    ko: '문의 유형은 contact 또는 partner여야 합니다',
    en: 'The inquiry type must be contact or partner',
  },
  'role.min': { ko: '역할/직책을 입력해주세요', en: 'Please enter a role or position' },
  'review.min': {
    ko: `후기를 ${T.content.min}자 이상 입력해주세요`,
    en: `Please write at least ${T.content.min} characters for the review`,
  },
  'rating.invalid': { ko: '평점은 1에서 5 사이의 숫자여야 합니다', en: 'The rating must be a number from 1 to 5' },
  'title.min': {
    ko: `제목을 ${P.title.min}자 이상 입력해주세요`,
    en: `The title must be at least ${P.title.min} characters`,
  },
  'title.max': {
    ko: `제목은 ${P.title.max}자 이내로 입력해주세요`,
    en: `The title must be ${P.title.max} characters or fewer`,
  },
  'titleEn.max': {
    ko: `영문 제목은 ${P.titleEn.max}자 이내로 입력해주세요`,
    en: `The English title must be ${P.titleEn.max} characters or fewer`,
  },
  'content.min': {
    ko: `본문을 ${P.content.min}자 이상 입력해주세요`,
    en: `The content must be at least ${P.content.min} characters`,
  },
  'content.max': {
    ko: `본문은 ${P.content.max}자 이내로 입력해주세요`,
    en: `The content must be ${P.content.max} characters or fewer`,
  },
  'contentEn.max': {
    ko: `영문 본문은 ${P.contentEn.max}자 이내로 입력해주세요`,
    en: `The English content must be ${P.contentEn.max} characters or fewer`,
  },
  'excerpt.min': {
    ko: `요약을 ${P.excerpt.min}자 이상 입력해주세요`,
    en: `The excerpt must be at least ${P.excerpt.min} characters`,
  },
  'excerpt.max': {
    ko: `요약은 ${P.excerpt.max}자 이내로 입력해주세요`,
    en: `The excerpt must be ${P.excerpt.max} characters or fewer`,
  },
  'excerptEn.max': {
    ko: `영문 요약은 ${P.excerptEn.max}자 이내로 입력해주세요`,
    en: `The English excerpt must be ${P.excerptEn.max} characters or fewer`,
  },
  'slug.required': { ko: 'URL 슬러그를 입력해주세요', en: 'Please enter a URL slug' },
  'slug.max': {
    ko: `URL 슬러그는 ${P.slug.max}자 이내로 입력해주세요`,
    en: `The URL slug must be ${P.slug.max} characters or fewer`,
  },
  'slug.pattern': {
    ko: '소문자, 숫자, 하이픈만 사용 가능합니다',
    en: 'Only lowercase letters, numbers and hyphens are allowed',
  },
  'search.max': {
    ko: `검색어는 ${POST_SEARCH_MAX_LENGTH}자 이내로 입력해주세요`,
    en: `The search must be ${POST_SEARCH_MAX_LENGTH} characters or fewer`,
  },
  'token.required': { ko: '구독 해지 토큰이 필요합니다', en: 'An unsubscribe token is required' },
  'subscriber.status.invalid': {
    ko: '구독 상태는 pending, active 또는 unsubscribed여야 합니다',
    en: 'The status must be pending, active or unsubscribed',
  },
  'confirmToken.required': { ko: '구독 확인 토큰이 필요합니다', en: 'A confirmation token is required' },
  'password.required': { ko: '비밀번호를 입력해주세요', en: 'Please enter the password' },

  'error.badRequest': { ko: '잘못된 요청입니다', en: 'Bad request' },
  'error.headersTooLarge': { ko: '요청 헤더가 너무 큽니다', en: 'The request headers are too large' },
  'error.requestTimeout': { ko: '요청이 제시간에 끝나지 않았습니다', en: 'The request took too long' },
  'error.malformedJson': { ko: '요청 본문이 올바른 JSON이 아닙니다', en: 'The request body is not valid JSON' },
  'error.tooLarge': { ko: '요청 본문이 너무 큽니다', en: 'The request body is too large' },
  'error.jsonTooDeep': {
    ko: '요청 본문의 중첩이 너무 깊습니다',
    en: 'The request body is nested too deeply',
  },
  'error.unsupportedMediaType': { ko: '지원하지 않는 요청 형식입니다', en: 'Unsupported request content type' },
  'error.routeNotFound': { ko: '존재하지 않는 API 경로입니다', en: 'No such API route' },
  'error.unauthorized': { ko: '인증이 필요합니다', en: 'Authentication required' },
  'error.forbidden': { ko: '권한이 없습니다', en: 'You are not allowed to do this' },
  'error.conflict': { ko: '현재 상태와 충돌하는 요청입니다', en: 'This conflicts with the current state' },
  'error.tooManyRequests': {
    ko: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요',
    en: 'Too many requests. Please try again shortly',
  },
  'error.notFound': { ko: '요청한 항목을 찾을 수 없습니다', en: 'Not found' },
  'error.methodNotAllowed': { ko: '허용되지 않는 요청 방식입니다', en: 'Method not allowed' },
  'error.internal': {
    ko: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요',
    en: 'Something went wrong. Please try again later',
  },
  'error.unavailable': { ko: '서비스를 일시적으로 사용할 수 없습니다', en: 'The service is temporarily unavailable' },
  'error.post.notFound': { ko: '게시물을 찾을 수 없습니다', en: 'Post not found' },
  'error.slug.taken': { ko: '이미 사용 중인 URL 슬러그입니다', en: 'This URL slug is already in use' },
  'error.unsubscribe.notFound': {
    ko: '유효하지 않거나 만료된 구독 해지 링크입니다',
    en: 'This unsubscribe link is not valid',
  },
  'error.subscribe.confirmInvalid': {
    ko: '이미 사용했거나 만료된 구독 확인 링크입니다. 다시 구독해주세요',
    en: 'This confirmation link has expired or was already used. Please subscribe again',
  },
  'error.auth.wrongPassword': { ko: '비밀번호가 올바르지 않습니다', en: 'The password is incorrect' },
  'error.auth.tooManyAttempts': {
    ko: '로그인 시도가 너무 많습니다. 1분 후 다시 시도해주세요',
    en: 'Too many login attempts. Please wait a minute and try again',
  },
  'error.auth.slowedDown': {
    ko: '로그인 시도가 많아 확인을 잠시 늦추고 있습니다. 몇 초 후 다시 시도해주세요',
    en: 'There have been many login attempts, so checks are slowed down. Please try again in a few seconds',
  },
  'error.auth.deviceLocked': {
    ko: '이 브라우저에서 로그인에 여러 번 실패했습니다. 잠시 후 다시 시도해주세요',
    en: 'Too many failed logins from this browser. Please try again later',
  },
  'error.auth.required': { ko: '관리자 로그인이 필요합니다', en: 'Admin login required' },
  'error.auth.invalid': {
    ko: '로그인이 만료되었거나 유효하지 않습니다. 다시 로그인해주세요',
    en: 'Your admin session has expired or is invalid. Please log in again',
  },

  'error.qr.notFound': { ko: 'QR 코드를 찾을 수 없습니다', en: 'QR code not found' },
  'error.qr.statusLocked': {
    ko: '영상이 등록되었거나 만료된 QR 코드는 상태를 바꿀 수 없습니다',
    en: 'A QR code that holds or held a message cannot be changed by hand',
  },
  'error.qr.streamsFull': {
    ko: '지금은 실시간 목록을 보는 사람이 너무 많습니다. 잠시 후 다시 시도해주세요',
    en: 'Too many people are following the live list right now. Please try again shortly',
  },
  'error.qr.takeFirst': {
    ko: '체험 페이지에 공개된 QR 코드입니다. 영상을 남기기 전에 나만의 코드로 바꿔주세요',
    en: 'This QR code is listed publicly on the try page. Take it as your own code before recording',
  },
  'error.qr.notTakeable': {
    ko: '체험용으로 공개된 미사용 QR 코드만 가져갈 수 있습니다',
    en: 'Only an unused QR code listed on the try page can be taken',
  },
  'error.qr.crossSite': {
    ko: '다른 사이트에서는 QR 코드를 가져갈 수 없습니다',
    en: 'QR codes cannot be taken from another site',
  },
  'qr.size.invalid': { ko: '이미지 크기는 200 또는 300이어야 합니다', en: 'The image size must be 200 or 300' },
  'qr.status.invalid': { ko: '알 수 없는 QR 코드 상태입니다', en: 'Unknown QR code status' },
  'qr.status.notSettable': {
    ko: '상태는 unused 또는 disabled로만 바꿀 수 있습니다',
    en: 'The status can only be set to unused or disabled',
  },
  'qr.pool.invalid': { ko: 'QR 코드 용도는 try 또는 print여야 합니다', en: 'The pool must be try or print' },
  'qr.serial.invalid': { ko: '일련번호는 숫자로 입력해주세요', en: 'The serial number must be digits' },
  'qr.count.invalid': {
    ko: `한 번에 ${Q.count.min}개에서 ${Q.count.max}개까지 만들 수 있습니다`,
    en: `Generate between ${Q.count.min} and ${Q.count.max} codes at a time`,
  },

  'error.qr.taken': {
    ko: '이미 영상이 등록되었거나 사용할 수 없는 QR 코드입니다',
    en: 'This QR code already holds a message or cannot be used',
  },
  'error.video.missing': { ko: '영상 파일을 첨부해주세요', en: 'Please attach a video file' },
  'error.video.notMultipart': {
    ko: '영상은 multipart/form-data 형식으로 보내주세요',
    en: 'Send the video as multipart/form-data',
  },
  'error.video.tooLarge': { ko: '영상 파일이 허용된 크기보다 큽니다', en: 'The video is larger than allowed' },
  'error.video.notVideo': { ko: '영상 파일만 올릴 수 있습니다', en: 'Only video files can be uploaded' },
  'error.video.oneFile': { ko: '영상 파일은 하나만 보내주세요', en: 'Send one video file only' },
  'error.video.noVideo': {
    ko: '올린 파일에 화면이 없습니다. 화면이 담긴 영상을 올려주세요',
    en: 'The file has no picture. Please upload a video with a picture',
  },
  'error.video.tooLong': {
    ko: '영상이 허용된 길이보다 깁니다. 더 짧은 영상을 올려주세요',
    en: 'The video is longer than allowed. Please upload a shorter one',
  },
  'error.video.tooDemanding': {
    ko: '휴대폰이 찍는 영상보다 화면이 크거나 초당 장면 수나 데이터가 많아 처리할 수 없습니다. 휴대폰 카메라로 찍은 영상을 올려주세요',
    en: 'This video has a larger picture, more frames a second or more data than a phone records. Please upload a video from a phone camera',
  },
  'error.video.incomplete': {
    ko: '영상이 끝까지 전송되지 않았습니다. 다시 시도해주세요',
    en: 'The video did not arrive whole. Please try again',
  },
  'error.storageUnavailable': {
    ko: '영상 저장소에 잠시 연결할 수 없습니다. 잠시 후 다시 시도해주세요',
    en: 'Video storage cannot be reached right now. Please try again shortly',
  },
  'error.video.uploadFailed': {
    ko: '영상을 저장하지 못했습니다. 다시 시도해주세요',
    en: 'The video could not be stored. Please try again',
  },
  'error.video.uploadBusy': {
    ko: '다른 연결이 아직 이 영상을 보내고 있습니다. 잠시 후 이어서 보냅니다',
    en: 'Another connection is still sending this video. It will continue in a moment',
  },
  'error.video.resumableOff': {
    ko: '이 서버는 이어 올리기를 지원하지 않습니다. 영상을 한 번에 보내주세요',
    en: 'This server does not take resumable uploads. Please send the video in one request',
  },
  'error.video.notFound': { ko: '영상을 찾을 수 없습니다', en: 'Video not found' },
  'error.video.range': { ko: '요청한 범위를 제공할 수 없습니다', en: 'The requested range is not available' },
  'error.ownerKey.wrong': {
    ko: '이 브라우저에서는 영상을 되돌릴 수 없습니다',
    en: 'This browser cannot take the message back',
  },
  'error.ownerKey.expired': {
    ko: `${TAKE_BACK_HOURS}시간이 지나 영상을 되돌릴 수 없습니다`,
    en: `The ${TAKE_BACK_HOURS} hours to take the message back have passed`,
  },

  // The same answer whatever the address's state, so that it tells nobody whether it is subscribed.
  'subscribe.checkInbox': {
    ko: '메일함을 확인해주세요. 보내드린 메일의 링크를 누르시면 구독이 완료됩니다.',
    en: 'Please check your inbox: follow the link in the email we sent you to confirm your subscription.',
  },
  'subscribe.confirmed': {
    ko: '구독이 확인되었습니다! 새 글이 올라오면 이메일로 알려드릴게요.',
    en: 'Your subscription is confirmed! We will email you when new content is published.',
  },
  'unsubscribe.done': {
    ko: '구독이 해지되었습니다. 언제든 다시 구독하실 수 있습니다.',
    en: 'You have been unsubscribed. You can subscribe again at any time.',
  },
} as const satisfies Record<string, { ko: string; en: string }>;

export type MessageKey = keyof typeof MESSAGES;
export { LANGUAGES, type Language };

/** Whether a value read from a request (a `?lang=`) names one of the site's languages. */
export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES, value);
}

/** The text of a key in a language; anything that is not a key is returned as it is. */
export function translate(keyOrText: string, language: Language): string {
  return isMessageKey(keyOrText) ? MESSAGES[keyOrText][language] : keyOrText;
}
