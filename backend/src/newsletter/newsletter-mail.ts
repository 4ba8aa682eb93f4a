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

/** The closing line of every newsletter mail, before the unsubscribe link. */
const UNSUBSCRIBE_COPY = {
  ko: '더 이상 받고 싶지 않으시면 아래 링크에서 언제든 구독을 해지할 수 있습니다.',
  en: 'If you no longer want these emails, you can unsubscribe at any time here:',
} as const;

const WELCOME = {
  ko: {
    subject: '[Giftcast] 구독해주셔서 감사합니다',
    lines: [
      '안녕하세요, Giftcast 소식 구독을 환영합니다!',
      '선물에 마음을 담는 방법, 영상 메시지 아이디어와 새 소식을 가장 먼저 보내드릴게요.',
    ],
    unsubscribe: UNSUBSCRIBE_COPY.ko,
  },
  en: {
    subject: '[Giftcast] Thanks for subscribing',
    lines: [
      'Hello, and welcome to the Giftcast newsletter!',
      'You will be the first to hear about new ideas for video messages, gift stories and product news.',
    ],
    unsubscribe: UNSUBSCRIBE_COPY.en,
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

const NEW_POST = {
  ko: {
    subject: (title: string) => `[Giftcast] 새 글: ${title}`,
    intro: 'Giftcast 블로그에 새 글이 올라왔어요.',
    read: '글 읽기',
    why: 'Giftcast 소식을 구독하셔서 이 메일을 보내드렸습니다.',
  },
  en: {
    subject: (title: string) => `[Giftcast] New on the blog: ${title}`,
    intro: 'A new post is up on the Giftcast blog.',
    read: 'Read the post',
    why: 'You are receiving this email because you subscribed to Giftcast news.',
  },
} as const;

/** What a newsletter mail needs of a post. */
export interface NewsletterPost {
  slug: string;
  title: string;
  titleEn: string | null;
  excerpt: string;
  excerptEn: string | null;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The post's own words in the reader's language: each English field where there is one, else Korean. */
export function postInLanguage(post: NewsletterPost, language: Language): { title: string; excerpt: string } {
  if (language === 'en') return { title: post.titleEn || post.title, excerpt: post.excerptEn || post.excerpt };
  return { title: post.title, excerpt: post.excerpt };
}

/** The mail announcing a newly published post to one subscriber. */
export function newPostMail(
  to: string,
  language: Language,
  post: NewsletterPost,
  links: UnsubscribeLinks,
  publicUrl: string,
): MailMessage {
  const copy = NEW_POST[language];
  const { title, excerpt } = postInLanguage(post, language);
  const postUrl = `${publicUrl}/blog/${encodeURIComponent(post.slug)}`;
  const unsubscribe = UNSUBSCRIBE_COPY[language];
  const text = [
    copy.intro,
    '',
    title,
    '',
    excerpt,
    '',
    `${copy.read}: ${postUrl}`,
    '',
    '--',
    copy.why,
    unsubscribe,
    links.page,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.6;color:#222;max-width:600px;margin:0 auto;padding:16px">',
    `<p>${escapeHtml(copy.intro)}</p>`,
    `<h1 style="font-size:22px;margin:16px 0 8px">${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(excerpt)}</p>`,
    `<p><a href="${escapeHtml(postUrl)}" style="display:inline-block;padding:10px 18px;background:#e8590c;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(copy.read)}</a></p>`,
    `<p style="color:#666;font-size:13px;margin-top:32px">${escapeHtml(copy.why)} ${escapeHtml(unsubscribe)} <a href="${escapeHtml(links.page)}">${escapeHtml(links.page)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject: copy.subject(title), text, html, headers: listUnsubscribeHeaders(links) };
}
