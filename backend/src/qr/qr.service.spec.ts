import type { AppConfig } from '../config/app-config';
import type { QrCode } from './qr-code';
import type { QrStore } from './qr-store';
import { QrService } from './qr.service';

const code = { id: 'c1', serialNumber: '0501', qrToken: 'token-1', status: 'unused' } as QrCode;

describe('QrService.available', () => {
  it('reads the list once while it stands, but reads again after a failed read instead of keeping the failure', async () => {
    const listAvailable = jest
      .fn<Promise<QrCode[]>, [number]>()
      .mockRejectedValueOnce(new Error('connection timeout'))
      .mockResolvedValue([code]);
    const store = { listAvailable, onChange: () => () => undefined } as unknown as QrStore;
    const qr = new QrService(store, { env: { PUBLIC_URL: 'https://giftcast.example' } } as AppConfig);

    await expect(qr.available()).rejects.toThrow('connection timeout');
    await expect(qr.available()).resolves.toEqual([
      { id: 'c1', serialNumber: '0501', qrToken: 'token-1', status: 'unused' },
    ]);
    await qr.available();
    expect(listAvailable).toHaveBeenCalledTimes(2);
  });
});
