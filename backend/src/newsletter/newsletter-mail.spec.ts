import { newPostMail, type NewsletterPost, postInLanguage, unsubscribeLinks } from './newsletter-mail';

const SITE = 'https://giftcast.example';
const links = unsubscribeLinks(SITE, '11111111-2222-4333-8444-555555555555');
const post: NewsletterPost = {
  slug: 'video-letter',
  title: '선물에 영상 편지 더하기',
  titleEn: 'Adding a video letter to a gift',
  excerpt: 'QR 스티커 하나로 선물에 목소리와 표정을 담아보세요.',
  excerptEn: null,
};

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
    expect(mail.text).toContain(`${SITE}/blog/video-letter`);
    expect(mail.text).toContain(links.page);
    expect(mail.html).toContain(`href="${SITE}/blog/video-letter"`);
    expect(mail.html).toContain(`href="${links.page}"`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

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
