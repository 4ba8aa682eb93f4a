import { randomBytes } from 'node:crypto';

/** A suffix that keeps slugs and addresses unique across the tests of one file. */
export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

export function uniqueEmail(prefix = 'reader'): string {
  return `${prefix}-${uniqueSuffix()}@example.com`;
}

export interface InquiryBody {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  message?: unknown;
  submissionType?: unknown;
  [extra: string]: unknown;
}

/** A contact or partner inquiry that passes every rule of spec section 5. */
export function validInquiry(overrides: InquiryBody = {}): InquiryBody {
  return {
    name: '김지은',
    email: uniqueEmail('sender'),
    phone: '010-1234-5678',
    message: '꽃집 파트너 프로그램에 대해 자세히 알고 싶습니다.',
    ...overrides,
  };
}

export interface PostBody {
  title?: unknown;
  titleEn?: unknown;
  content?: unknown;
  contentEn?: unknown;
  excerpt?: unknown;
  excerptEn?: unknown;
  thumbnailUrl?: unknown;
  slug?: unknown;
  published?: unknown;
  [extra: string]: unknown;
}

/** A post with only the required fields, each comfortably inside the spec's limits. */
export function validPost(overrides: PostBody = {}): PostBody {
  return {
    title: '선물에 영상 편지 더하기',
    content: '꽃다발과 케이크에 QR 스티커를 붙이면 받는 분이 휴대폰으로 영상 메시지를 바로 볼 수 있습니다.',
    excerpt: 'QR 스티커 하나로 선물에 목소리와 표정을 담아보세요.',
    slug: `post-${uniqueSuffix()}`,
    ...overrides,
  };
}

/** A post with every field set, English ones included. */
export function fullPost(overrides: PostBody = {}): PostBody {
  return validPost({
    titleEn: 'Adding a video letter to a gift',
    contentEn: 'Stick a QR code on a bouquet or a cake and the recipient watches your video message on their phone.',
    excerptEn: 'One QR sticker lets a gift carry your voice and your smile.',
    thumbnailUrl: 'https://images.example.com/gift.jpg',
    published: true,
    ...overrides,
  });
}
