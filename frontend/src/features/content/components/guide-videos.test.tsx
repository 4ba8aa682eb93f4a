import { renderToString } from 'react-dom/server';
import { AppProviders } from '../../../app/providers';
import { currentLanguage, I18nProvider, serverI18n } from '../../../lib/i18n';
import { GuideVideos } from './guide-videos';

describe('GuideVideos', () => {
  it("shows the videos of the instance's language, not the language shown in the browser", () => {
    expect(currentLanguage()).toBe('ko');

    const html = renderToString(
      <AppProviders>
        <I18nProvider i18n={serverI18n('en')}>
          <GuideVideos />
        </I18nProvider>
      </AppProviders>,
    );

    expect(html).toContain('/media/how-intro-en.mp4');
    expect(html).toContain('/media/how-tutorial-en.jpg');
    expect(html).not.toContain('-ko.');
  });
});
