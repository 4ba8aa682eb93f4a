import type { MailMessage } from '../mail/mail-transport';
import {
  alreadySubscribedMail,
  confirmationMail,
  confirmLink,
  forReader,
  newPostMail,
  type NewsletterPost,
  postInLanguage,
  unsubscribeLinks,
  welcomeMail,
} from './newsletter-mail';

const SITE = 'https://giftcast.example';
const TOKEN = '11111111-2222-4333-8444-555555555555';
const links = unsubscribeLinks(SITE, TOKEN, 'ko');
const post: NewsletterPost = {
  slug: 'video-letter',
  title: '선물에 영상 편지 더하기',
  titleEn: 'Adding a video letter to a gift',
  excerpt: 'QR 스티커 하나로 선물에 목소리와 표정을 담아보세요.',
  excerptEn: null,
};

/** Every address of the site a mail holds, once each: in its text, its HTML (unescaped) and its headers. */
function siteLinks(mail: MailMessage): string[] {
  const parts = [mail.text, (mail.html ?? '').replace(/&#38;/g, '&'), ...Object.values(mail.headers ?? {})];
  return [...new Set(parts.flatMap((part) => part.match(/https:\/\/giftcast\.example[^\s"<>]*/g) ?? []))].sort();
}

/** The unsubscribe page and one-click URL as a mail to a reader of `language` must carry them. */
const unsubscribeIn = (language: 'ko' | 'en') => ({
  page: `${SITE}/unsubscribe?token=${TOKEN}&lang=${language}`,
  oneClick: `${SITE}/api/unsubscribe/one-click?token=${TOKEN}&lang=${language}`,
});

describe('forReader', () => {
  it("names the reader's language on any address, Korean too, after a query the address already has", () => {
    expect(forReader(`${SITE}/blog`, 'en')).toBe(`${SITE}/blog?lang=en`);
    expect(forReader(`${SITE}/blog`, 'ko')).toBe(`${SITE}/blog?lang=ko`);
    expect(forReader(`${SITE}/unsubscribe?token=t`, 'en')).toBe(`${SITE}/unsubscribe?token=t&lang=en`);
  });
});

describe('unsubscribeLinks', () => {
  it.each(['ko', 'en'] as const)(
    "opens the page and the one-click URL with the token in the reader's language (%s)",
    (language) => {
      expect(unsubscribeLinks(SITE, TOKEN, language)).toEqual(unsubscribeIn(language));
    },
  );

  it('encodes the token', () => {
    expect(unsubscribeLinks(SITE, 'a+b&c', 'en').page).toBe(`${SITE}/unsubscribe?token=a%2Bb%26c&lang=en`);
  });
});

describe('postInLanguage', () => {
  it('takes each English field where the post has one and the Korean one where it does not', () => {
    expect(postInLanguage(post, 'en')).toEqual({ title: post.titleEn, excerpt: post.excerpt });
    expect(postInLanguage(post, 'ko')).toEqual({ title: post.title, excerpt: post.excerpt });
    expect(postInLanguage({ ...post, titleEn: '' }, 'en').title).toBe(post.title);
  });
});

describe('newPostMail', () => {
  it('links the post and the unsubscribe page in both parts and carries the one-click headers', () => {
    const mail = newPostMail('reader@example.com', 'ko', post, links, SITE);
    expect(mail.to).toBe('reader@example.com');
    expect(mail.subject).toBe(`[Giftcast] 새 글: ${post.title}`);
    expect(mail.text).toContain(`${SITE}/blog/video-letter?lang=ko`);
    expect(mail.text).toContain(links.page);
    expect(mail.html).toContain(`href="${SITE}/blog/video-letter?lang=ko"`);
    expect(mail.html).toContain(`href="${links.page.replace('&', '&#38;')}"`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it.each(['ko', 'en'] as const)(
    'leads a reader of %s to the post and the unsubscribe page in their language, and nowhere else on the site',
    (language) => {
      const { page, oneClick } = unsubscribeIn(language);
      const postUrl = `${SITE}/blog/video-letter?lang=${language}`;
      const mail = newPostMail('reader@example.com', language, post, unsubscribeLinks(SITE, TOKEN, language), SITE);
      expect(mail.text).toContain(`: ${postUrl}\n`);
      expect(mail.text.endsWith(`\n${page}`)).toBe(true);
      expect(mail.html).toContain(`<a href="${postUrl}" style=`);
      expect(mail.html).toContain(`<a href="${page.replace('&', '&#38;')}">`);
      expect(mail.headers?.['List-Unsubscribe']).toBe(`<${oneClick}>`);
      expect(siteLinks(mail)).toEqual([oneClick, postUrl, page].sort());
    },
  );

  it('writes to English subscribers in English', () => {
    const mail = newPostMail('reader@example.com', 'en', post, links, SITE);
    expect(mail.subject).toBe(`[Giftcast] New on the blog: ${post.titleEn}`);
    expect(mail.text).toContain('Read the post');
    expect(mail.html).toContain('lang="en"');
  });

  it('escapes the post text in the HTML part, so a title cannot inject markup', () => {
    const mail = newPostMail(
      'reader@example.com',
      'ko',
      { ...post, title: '<img src=x onerror=alert(1)> & "따옴표"' },
      links,
      SITE,
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; &#34;따옴표&#34;');
    expect(mail.text).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('confirmLink', () => {
  it('opens the confirm page with the token, in the language the subscription was asked in', () => {
    expect(confirmLink(SITE, 'a-B_9', 'en')).toBe(`${SITE}/subscribe/confirm?token=a-B_9&lang=en`);
    expect(confirmLink(SITE, 'a+b', 'ko')).toBe(`${SITE}/subscribe/confirm?token=a%2Bb&lang=ko`);
  });
});

describe('confirmationMail', () => {
  const link = confirmLink(SITE, 'tok', 'ko');

  it.each([
    ['ko', '[Giftcast] 구독을 확인해주세요', '48시간 동안 유효합니다'],
    ['en', '[Giftcast] Please confirm your subscription', 'The link works for 48 hours'],
  ] as const)('asks in %s to confirm by the link, saying how long it works', (language, subject, validity) => {
    const mail = confirmationMail('reader@example.com', language, link, 48);
    expect(mail).toMatchObject({ to: 'reader@example.com', subject });
    expect(mail.text).toContain(validity);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${SITE}/subscribe/confirm?token=tok&#38;lang=ko"`);
    expect(mail.html).toContain(`lang="${language}"`);
  });

  it('carries no unsubscribe link nor list headers: it is not a newsletter', () => {
    const mail = confirmationMail('reader@example.com', 'en', link, 48);
    expect(mail.headers).toBeUndefined();
    expect(mail.text).not.toContain('/unsubscribe');
  });
});

describe('alreadySubscribedMail', () => {
  it.each([
    ['ko', '[Giftcast] 이미 구독 중입니다', '구독을 해지할 수 있습니다'],
    ['en', '[Giftcast] You are already subscribed', 'you can unsubscribe at any time'],
  ] as const)(
    'tells an active address in %s that nothing changed, with its unsubscribe link',
    (language, subject, copy) => {
      const { page, oneClick } = unsubscribeIn(language);
      const mail = alreadySubscribedMail('reader@example.com', language, unsubscribeLinks(SITE, TOKEN, language), SITE);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(copy);
      expect(mail.text).toContain(page);
      expect(mail.text).not.toContain('/subscribe/confirm');
      expect(mail.html).toContain(`href="${page.replace('&', '&#38;')}"`);
      expect(mail.headers).toEqual({
        'List-Unsubscribe': `<${oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    },
  );

  it.each(['ko', 'en'] as const)(
    'leads a reader of %s to the blog and the unsubscribe page in their language',
    (language) => {
      const { page, oneClick } = unsubscribeIn(language);
      const mail = alreadySubscribedMail('reader@example.com', language, unsubscribeLinks(SITE, TOKEN, language), SITE);
      expect(mail.text).toContain(`\n${SITE}/blog?lang=${language}\n`);
      expect(mail.html).toContain(`<a href="${SITE}/blog?lang=${language}">`);
      expect(siteLinks(mail)).toEqual([oneClick, `${SITE}/blog?lang=${language}`, page].sort());
    },
  );
});

describe('welcomeMail', () => {
  it("welcomes in the subscriber's language with the site and a working unsubscribe link", () => {
    const { page, oneClick } = unsubscribeIn('en');
    const mail = welcomeMail('reader@example.com', 'en', unsubscribeLinks(SITE, TOKEN, 'en'), SITE);
    expect(mail.subject).toBe('[Giftcast] Thanks for subscribing');
    expect(mail.text).toContain(`${SITE}/blog?lang=en`);
    expect(mail.html).toContain(`href="${page.replace('&', '&#38;')}"`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it.each(['ko', 'en'] as const)(
    'leads a reader of %s to the blog and the unsubscribe page in their language',
    (language) => {
      const { page, oneClick } = unsubscribeIn(language);
      const mail = welcomeMail('reader@example.com', language, unsubscribeLinks(SITE, TOKEN, language), SITE);
      expect(mail.text).toContain(`\n${SITE}/blog?lang=${language}\n`);
      expect(mail.html).toContain(`<a href="${SITE}/blog?lang=${language}">`);
      expect(siteLinks(mail)).toEqual([oneClick, `${SITE}/blog?lang=${language}`, page].sort());
    },
  );
});
