import type { Language } from '../common/messages';
import type { MailMessage } from '../mail/mail-transport';

export interface UnsubscribeLinks {
  /** The page where a person confirms. */
  page: string;
  /** The RFC 8058 one-click endpoint for mail clients. */
  oneClick: string;
}

/**
 * An address of the site for one reader: always with their language, Korean too (unlike the feed's
 * and the sitemap's `inLanguageAt`), so the page opens in it whatever the device they read the
 * mail on last chose (the server takes `?lang=` before the cookie: pageLanguage in web/web-app.ts).
 */
export function forReader(url: string, language: Language): string {
  return `${url}${url.includes('?') ? '&' : '?'}lang=${language}`;
}

/** Both carry the reader's language: the one-click URL for its GET, which leads to the page. */
export function unsubscribeLinks(publicUrl: string, token: string, language: Language): UnsubscribeLinks {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    page: forReader(`${publicUrl}/unsubscribe?${query}`, language),
    oneClick: forReader(`${publicUrl}/api/unsubscribe/one-click?${query}`, language),
  };
}

/** The blog, where the welcome and the already-subscribed mails lead. */
const blogLink = (publicUrl: string, language: Language) => forReader(`${publicUrl}/blog`, language);

/** Headers every newsletter mail carries so mail clients can offer one-click unsubscribe. */
export function listUnsubscribeHeaders(links: UnsubscribeLinks): Record<string, string> {
  return { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The closing line of every newsletter mail, before the unsubscribe link. */
const UNSUBSCRIBE_COPY = {
  ko: '더 이상 받고 싶지 않으시면 아래 링크에서 언제든 구독을 해지할 수 있습니다.',
  en: 'If you no longer want these emails, you can unsubscribe at any time here:',
} as const;

/** A short mail of a few paragraphs and one link, with an optional footer line before its own link. */
interface ShortMail {
  subject: string;
  lines: readonly string[];
  link: string;
  footer?: { text: string; link: string };
}

function shortMail(
  to: string,
  language: Language,
  mail: ShortMail,
): Pick<MailMessage, 'to' | 'subject' | 'text' | 'html'> {
  const { subject, lines, link, footer } = mail;
  const text = [...lines, '', link, ...(footer ? ['', footer.text, footer.link] : [])].join('\n');
  const anchor = (href: string) => `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.6;color:#222;max-width:600px;margin:0 auto;padding:16px">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${anchor(link)}</p>`,
    ...(footer ? [`<p style="color:#666;font-size:13px">${escapeHtml(footer.text)} ${anchor(footer.link)}</p>`] : []),
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

const WELCOME = {
  ko: {
    subject: '[Giftcast] 구독해주셔서 감사합니다',
    lines: [
      '안녕하세요, Giftcast 소식 구독을 환영합니다!',
      '선물에 마음을 담는 방법, 영상 메시지 아이디어와 새 소식을 가장 먼저 보내드릴게요.',
    ],
  },
  en: {
    subject: '[Giftcast] Thanks for subscribing',
    lines: [
      'Hello, and welcome to the Giftcast newsletter!',
      'You will be the first to hear about new ideas for video messages, gift stories and product news.',
    ],
  },
} as const;

/** Sent once the address has confirmed: from now on it gets the newsletter. */
export function welcomeMail(to: string, language: Language, links: UnsubscribeLinks, publicUrl: string): MailMessage {
  const footer = { text: UNSUBSCRIBE_COPY[language], link: links.page };
  return {
    ...shortMail(to, language, { ...WELCOME[language], link: blogLink(publicUrl, language), footer }),
    headers: listUnsubscribeHeaders(links),
  };
}

/** The page where a subscription is confirmed, opening in the language it was asked for. */
export function confirmLink(publicUrl: string, token: string, language: Language): string {
  return forReader(`${publicUrl}/subscribe/confirm?token=${encodeURIComponent(token)}`, language);
}

const CONFIRMATION = {
  ko: {
    subject: '[Giftcast] 구독을 확인해주세요',
    lines: (hours: number) => [
      '이 주소로 Giftcast 새 글 소식 구독 신청이 들어왔습니다.',
      `아래 링크를 열어 '구독 확인'을 누르시면 구독이 완료됩니다. 링크는 ${hours}시간 동안 유효합니다.`,
      '신청하지 않으셨다면 이 메일을 무시해주세요. 확인하지 않은 주소로는 아무것도 보내지 않으며, 기한이 지나면 삭제합니다.',
    ],
  },
  en: {
    subject: '[Giftcast] Please confirm your subscription',
    lines: (hours: number) => [
      'Someone asked for Giftcast news to be sent to this address.',
      `To confirm, open the link below and press "Confirm Subscription". The link works for ${hours} hours.`,
      'If it was not you, just ignore this email: an address that is not confirmed gets nothing more and is deleted when the link expires.',
    ],
  },
} as const;

/** Asks the address's owner to confirm; nothing else is ever sent until they do. */
export function confirmationMail(to: string, language: Language, link: string, hours: number): MailMessage {
  const copy = CONFIRMATION[language];
  return shortMail(to, language, { subject: copy.subject, lines: copy.lines(hours), link });
}

const ALREADY_SUBSCRIBED = {
  ko: {
    subject: '[Giftcast] 이미 구독 중입니다',
    lines: [
      '이 주소로 Giftcast 새 글 소식 구독 신청이 다시 들어왔습니다.',
      '이 주소는 이미 구독 중이므로 따로 하실 일은 없습니다. 새 글 소식은 계속 보내드릴게요.',
    ],
  },
  en: {
    subject: '[Giftcast] You are already subscribed',
    lines: [
      'Someone asked again for Giftcast news to be sent to this address.',
      'This address is already subscribed, so there is nothing to do: new posts will keep coming.',
    ],
  },
} as const;

/**
 * What an active address gets when it is subscribed again: the one who asked is told "check your
 * inbox" as for any address, and only the mailbox's owner learns that it was already subscribed.
 */
export function alreadySubscribedMail(
  to: string,
  language: Language,
  links: UnsubscribeLinks,
  publicUrl: string,
): MailMessage {
  const footer = { text: UNSUBSCRIBE_COPY[language], link: links.page };
  return {
    ...shortMail(to, language, { ...ALREADY_SUBSCRIBED[language], link: blogLink(publicUrl, language), footer }),
    headers: listUnsubscribeHeaders(links),
  };
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
  const postUrl = forReader(`${publicUrl}/blog/${encodeURIComponent(post.slug)}`, language);
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
