import type { ReceivedMail } from './smtp-sink';
import { PUBLIC_URL, type TestApp } from './test-app';

const CONFIRM_LINK = new RegExp(
  `${PUBLIC_URL.replace(/\./g, '\\.')}/subscribe/confirm\\?token=([A-Za-z0-9_-]+)&(?:amp;|#38;)?lang=(ko|en)`,
  'g',
);

/** The confirmation link a mail carries: the same in its text and its html part. */
export function confirmLinkOf(mail: ReceivedMail): { token: string; language: 'ko' | 'en' } {
  const inText = [...(mail.text ?? '').matchAll(CONFIRM_LINK)].map((m) => `${m[1]} ${m[2]}`);
  const inHtml = [...(mail.html ?? '').matchAll(CONFIRM_LINK)].map((m) => `${m[1]} ${m[2]}`);
  expect(inText.length).toBeGreaterThan(0);
  expect(new Set([...inText, ...inHtml])).toEqual(new Set([inText[0]]));
  const [token, language] = inText[0].split(' ');
  return { token, language: language as 'ko' | 'en' };
}

/** The mails the sink received for `address`, oldest first. */
export const mailsTo = (t: TestApp, address: string): ReceivedMail[] =>
  t.smtp.mails.filter((mail) => mail.envelopeTo.includes(address));

/**
 * Subscribes `email` over HTTP and confirms it with the token its confirmation mail carries, as its
 * owner would: an active subscriber. Returns the welcome mail.
 */
export async function subscribeConfirmed(t: TestApp, email: string, language = 'ko'): Promise<ReceivedMail> {
  const before = mailsTo(t, email).length;
  await t.http.post('/api/subscribe').set('Accept-Language', language).send({ email }).expect(200);
  const { token } = confirmLinkOf(mailsTo(t, email)[before]);
  await t.http.post('/api/subscribe/confirm').send({ token }).expect(200);
  return mailsTo(t, email)[before + 1];
}
