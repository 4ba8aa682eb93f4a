import { type APIRequestContext, expect } from '@playwright/test';
import { confirmationLink, uniqueAddress, waitForMail } from './mail';
import { E2E } from './stack';

export interface QrCode {
  id: string;
  serialNumber: string;
  qrToken: string;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/verify', { data: { password: E2E.adminPassword } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A newly generated unused code, for the calling test alone. */
export async function freshCode(request: APIRequestContext): Promise<QrCode> {
  const res = await request.post('/api/admin/qr', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { count: 1 },
  });
  expect(res.status()).toBe(201);
  const { items } = (await res.json()) as { items: QrCode[] };
  expect(items).toHaveLength(1);
  return items[0];
}

/** Subscribes a fresh address, confirms it by its mailed link, and returns the token of the unsubscribe link its welcome mail carries. */
export async function subscribedToken(request: APIRequestContext, label: string): Promise<string> {
  const address = uniqueAddress(label);
  const res = await request.post('/api/subscribe', { data: { email: address } });
  expect(res.ok()).toBe(true);
  await confirmSubscription(request, address);
  const mail = await waitForMail(address, (m) => (m.text ?? '').includes('/unsubscribe?token='));
  const token = /\/unsubscribe\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];
  expect(token, `the unsubscribe link in the welcome mail to ${address}`).toBeDefined();
  return token!;
}

/** Confirms the subscription of `address` by the token its confirmation mail carries, as its owner's page would. */
export async function confirmSubscription(request: APIRequestContext, address: string): Promise<void> {
  const token = new URL(await confirmationLink(address)).searchParams.get('token');
  const res = await request.post('/api/subscribe/confirm', { data: { token } });
  expect(res.status()).toBe(200);
}
