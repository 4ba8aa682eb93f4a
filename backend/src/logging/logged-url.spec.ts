import { loggedUrl } from './logged-url';

describe('loggedUrl', () => {
  it.each([
    ['/api/messages/AbC-123_xyz', '/api/messages/[Redacted]'],
    ['/api/messages/AbC-123_xyz/video', '/api/messages/[Redacted]/video'],
    ['/api/qr/AbC-123_xyz/image.png?size=300', '/api/qr/[Redacted]/image.png?size=300'],
    ['/api/videos/6f1c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f/poster.jpg', '/api/videos/[Redacted]/poster.jpg'],
    ['/api/uploads/6f1c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f', '/api/uploads/[Redacted]'],
    ['/v/AbC-123_xyz?lang=en', '/v/[Redacted]?lang=en'],
    ['/unsubscribe?token=abc&lang=en', '/unsubscribe?token=[Redacted]&lang=en'],
    ['/api/unsubscribe/one-click?lang=en&TOKEN=abc', '/api/unsubscribe/one-click?lang=en&TOKEN=[Redacted]'],
    ['http://giftcast.example/v/AbC-123_xyz', '/v/[Redacted]'],
  ])('masks the capability in %s', (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });

  it.each([
    '/api/qr/available',
    '/api/qr/available/stream',
    '/api/admin/qr?status=unused',
    '/blog/a-post-slug?lang=en',
  ])('keeps %s as it is', (url) => {
    expect(loggedUrl(url)).toBe(url);
  });
});
