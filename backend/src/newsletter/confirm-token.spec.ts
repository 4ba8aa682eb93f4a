import { confirmTokenHash, newConfirmToken } from './confirm-token';

describe('confirmation tokens', () => {
  it('are 256 random bits written URL-safe, a new one each time', () => {
    const tokens = Array.from({ length: 50 }, () => newConfirmToken().token);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('are stored as their SHA-256, which finds the same token again and no other', () => {
    const { token, hash } = newConfirmToken();
    expect(hash).toHaveLength(32);
    expect(hash.equals(Buffer.from(token))).toBe(false);
    expect(confirmTokenHash(token).equals(hash)).toBe(true);
    expect(confirmTokenHash(`${token}x`).equals(hash)).toBe(false);
  });
});
