import { screen, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { fakeAdminApi } from '../fake-admin-api';
import { writeQrSelection } from '../qr-selection';
import { QrPrintSheet } from './qr-print-sheet';

const printable = (serialNumber: string) => ({
  id: `id-${serialNumber}`,
  serialNumber,
  qrToken: `tok-${serialNumber}`,
});
const renderSheet = (ids: string[]) =>
  renderWithProviders(<QrPrintSheet token="token-1" onSessionExpired={jest.fn()} />, {
    url: `/admin/qr/print?ids=${ids.join(',')}`,
  });

beforeEach(async () => {
  sessionStorage.clear();
  await changeLanguage('en');
});

describe('QR print sheet', () => {
  it('shows a sticker per selected code, in serial order, with its QR image and serial', async () => {
    fakeAdminApi({});
    writeQrSelection([printable('0533'), printable('0532'), printable('0999')]);
    await renderSheet(['id-0533', 'id-0532']);

    const stickers = screen.getAllByTestId('qr-sticker');
    expect(stickers.map((sticker) => sticker.textContent)).toEqual(['#0532', '#0533']);
    const image = within(stickers[0]).getByRole('img', { name: 'QR #0532' });
    expect(image).toHaveAttribute('src', '/api/qr/tok-0532/image.png?size=300');
    expect(screen.getByText('Codes on this sheet: 2')).toBeInTheDocument();
  });

  it('prints with the browser dialog, leaving the console chrome out of the printout', async () => {
    fakeAdminApi({});
    writeQrSelection([printable('0532')]);
    const print = jest.fn();
    window.print = print;
    const { user, container } = await renderSheet(['id-0532']);

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Print' }).closest('[data-print-hide]')).not.toBeNull();
    expect(screen.getByTestId('qr-sticker').closest('[data-print-hide]')).toBeNull();
    const styles = [...container.ownerDocument.querySelectorAll('style')].map((style) => style.textContent ?? '');
    expect(styles.some((css) => css.includes('@media print') && css.includes('[data-print-hide]'))).toBe(true);
  });

  it('looks up codes the stored selection does not know, page by page', async () => {
    const api = fakeAdminApi({
      'GET /api/admin/qr': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        const items =
          page === 1 ? [{ ...printable('0500'), status: 'unused' }] : [{ ...printable('0700'), status: 'unused' }];
        return jsonResponse(200, { items, total: 400, page, pageSize: 200, counts: {} });
      },
    });
    await renderSheet(['id-0700']);

    expect(await screen.findByRole('img', { name: 'QR #0700' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/qr').map((call) => call.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('says so when nothing is selected, and cannot print', async () => {
    fakeAdminApi({});
    await renderSheet([]);
    expect(screen.getByText('No codes to print. Select codes in the QR code list first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });
});
