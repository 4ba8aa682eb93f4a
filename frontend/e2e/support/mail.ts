import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { E2E } from './stack';

/** Waits for the first mail to `address` that the SMTP drop received and that `matches` (any, by default). */
export async function waitForMail(
  address: string,
  matches: (mail: Email) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<Email> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of readdirSync(E2E.mailDir).sort()) {
      const mail = await PostalMime.parse(readFileSync(join(E2E.mailDir, file)));
      if (mail.to?.some((to) => to.address?.toLowerCase() === address.toLowerCase()) && matches(mail)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no such mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The confirmation link the mail to `address` carries. */
export async function confirmationLink(address: string): Promise<string> {
  const mail = await waitForMail(address, (m) => (m.text ?? '').includes('/subscribe/confirm?token='));
  return /(http\S+\/subscribe\/confirm\?token=[\w-]+&lang=(?:ko|en))/.exec(mail.text ?? '')![1];
}

/** A fresh address per test, so parallel tests never read each other's mail. */
export function uniqueAddress(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
