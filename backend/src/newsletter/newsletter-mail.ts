import type { Language } from '../common/messages';
import type { MailMessage } from '../mail/mail-transport';

export interface UnsubscribeLinks {
  /** The page where a person confirms. */
  page: string;
  /** The RFC 8058 one-click endpoint for mail clients. */
  oneClick: string;
}

export function unsubscribeLinks(publicUrl: string, token: string): UnsubscribeLinks {
  const query = `token=${encodeURIComponent(token)}`;
  return { page: `${publicUrl}/unsubscribe?${query}`, oneClick: `${publicUrl}/api/unsubscribe/one-click?${query}` };
}

/** Headers every newsletter mail carries so mail clients can offer one-click unsubscribe. */
export function listUnsubscribeHeaders(links: UnsubscribeLinks): Record<string, string> {
  return { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const WELCOME = {
  ko: {
    subject: '[Giftcast] 구독해주셔서 감사합니다',
    lines: [
      '안녕하세요, Giftcast 소식 구독을 환영합니다!',
      '선물에 마음을 담는 방법, 영상 메시지 아이디어와 새 소식을 가장 먼저 보내드릴게요.',
    ],
    unsubscribe: '더 이상 받고 싶지 않으시면 아래 링크에서 언제든 구독을 해지할 수 있습니다.',
  },
  en: {
    subject: '[Giftcast] Thanks for subscribing',
    lines: [
      'Hello, and welcome to the Giftcast newsletter!',
      'You will be the first to hear about new ideas for video messages, gift stories and product news.',
    ],
    unsubscribe: 'If you no longer want these emails, you can unsubscribe at any time here:',
  },
} as const;

export function welcomeMail(to: string, language: Language, links: UnsubscribeLinks, siteUrl: string): MailMessage {
  const copy = WELCOME[language];
  const text = [...copy.lines, '', siteUrl, '', copy.unsubscribe, links.page].join('\n');
  const html = [
    ...copy.lines.map((line) => `<p>${line}</p>`),
    `<p><a href="${siteUrl}">${siteUrl}</a></p>`,
    `<p style="color:#666;font-size:13px">${copy.unsubscribe} <a href="${links.page}">${links.page}</a></p>`,
  ].join('\n');
  return { to, subject: copy.subject, text, html, headers: listUnsubscribeHeaders(links) };
}
