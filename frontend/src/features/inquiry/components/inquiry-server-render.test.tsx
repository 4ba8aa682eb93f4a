import { changeLanguage } from '../../../lib/i18n';
import { addAllTranslations } from '../../../test/all-translations';

/** /support and /partner are prerendered with react-dom/server, where there is no window. */
describe('inquiry components on the server', () => {
  const browserOnly = () => {
    throw new Error('browser-only API used at import or render time');
  };

  beforeEach(() => changeLanguage('ko'));

  it('render the FAQ and both forms without browser-only APIs', () => {
    jest.spyOn(window, 'matchMedia').mockImplementation(browserOnly);
    jest.spyOn(window, 'scrollTo').mockImplementation(browserOnly);
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(browserOnly);
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(browserOnly);

    let html = '';
    jest.isolateModules(() => {
      const { renderToString } = jest.requireActual<typeof import('react-dom/server')>('react-dom/server');
      const { i18n } = jest.requireActual<typeof import('../../../lib/i18n')>('../../../lib/i18n');
      addAllTranslations(i18n);
      const { AppProviders } = jest.requireActual<typeof import('../../../app/providers')>('../../../app/providers');
      const { SupportFaq } = jest.requireActual<typeof import('./support-faq')>('./support-faq');
      const { InquiryForm } = jest.requireActual<typeof import('./inquiry-form')>('./inquiry-form');
      html = renderToString(
        <AppProviders>
          <SupportFaq />
          <InquiryForm kind="contact" />
          <InquiryForm kind="partner" />
        </AppProviders>,
      );
    });

    expect(html).toContain('QR 코드를 환불받을 수 있나요?');
    expect(html).toContain('data-testid="inquiry-form-contact"');
    expect(html).toContain('data-testid="inquiry-form-partner"');
    expect(html).toContain('rows="6"');
  });
});
