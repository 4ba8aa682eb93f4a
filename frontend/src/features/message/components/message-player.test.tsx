import { renderToString } from 'react-dom/server';
import { AppProviders } from '../../../app/providers';
import { currentLanguage, I18nProvider, serverI18n } from '../../../lib/i18n';
import type { Message } from '../api/message';
import { MessagePlayer } from './message-player';

const message: Message = {
  id: 'message-1',
  state: 'ready',
  videoUrl: '/media/message-1.mp4',
  posterUrl: '/media/message-1.jpg',
  downloadUrl: '/media/message-1.mp4?download',
  mimeType: 'video/mp4',
  sizeBytes: 1024,
  durationSeconds: 12,
  failureReason: null,
  createdAt: '2025-10-10T06:00:00Z',
  expiresAt: '2025-10-17T06:00:00Z',
  takeBackUntil: '2025-10-11T06:00:00Z',
};

describe('MessagePlayer', () => {
  it("writes when the message goes in the instance's language, not the language shown in the browser", () => {
    expect(currentLanguage()).toBe('ko');

    const html = renderToString(
      <AppProviders>
        <I18nProvider i18n={serverI18n('en')}>
          <MessagePlayer message={message} />
        </I18nProvider>
      </AppProviders>,
    );

    expect(html).toContain('October');
    expect(html).not.toContain('10월');
  });
});
