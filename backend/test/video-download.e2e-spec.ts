import { randomUUID } from 'node:crypto';
import { parse } from 'content-disposition';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { QR_COLLECTION } from '../src/qr/firestore-qr.store';
import { type FirestoreEmulator, startFirestoreEmulator } from './support/firestore-emulator';
import { startTestApp, type TestApp } from './support/test-app';
import { makeClip } from './support/video-fixtures';

/**
 * Serial numbers this backend hands out are digits, but a Firestore collection filled by another
 * system may hold any text there, and the download's file name is made of it.
 */
describe('downloading a message whose serial number is not plain ASCII', () => {
  const serial = '7"한';
  const qrToken = 'external-token-quote-hangul-0001';
  let emulator: FirestoreEmulator;
  let t: TestApp;

  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
    const projectId = emulator.newProjectId();
    const other = initializeApp({ projectId }, `other-system-${randomUUID()}`);
    const db = getFirestore(other);
    db.settings({ host: emulator.host, ssl: false });
    await db
      .collection(QR_COLLECTION)
      .doc(randomUUID())
      .set({ serial_number: serial, qr_token: qrToken, status: 'unused' });
    await db.terminate();
    await deleteApp(other);
    t = await startTestApp({
      QR_STORE: 'firestore',
      FIREBASE_PROJECT_ID: projectId,
      FIRESTORE_EMULATOR_HOST: emulator.host,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => setTimeout(resolve, 1000)); // firebase-admin ends its listen streams
    emulator.stop();
  });

  it('answers 200 with an RFC 6266 header: an ASCII fallback and the exact name in filename*', async () => {
    await t.http
      .post(`/api/messages/${qrToken}/video`)
      .attach('video', makeClip('webm'), { filename: 'message.webm', contentType: 'video/webm' })
      .expect(201);
    let downloadUrl: string | null = null;
    for (const deadline = Date.now() + 60_000; !downloadUrl; await new Promise((r) => setTimeout(r, 200))) {
      const state = (await t.http.get(`/api/messages/${qrToken}`).expect(200)).body;
      expect(state.serialNumber).toBe(serial);
      downloadUrl = state.message?.downloadUrl ?? null;
      if (Date.now() > deadline) throw new Error(`not ready: ${JSON.stringify(state)}`);
    }

    const response = await fetch(`${t.url}${downloadUrl}`);
    expect(response.status).toBe(200);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp'); // the MP4 itself
    const header = response.headers.get('content-disposition')!;
    expect(header).toMatch(/^[\x20-\x7e]+$/); // nothing a client could read as Latin-1 mojibake
    expect(header).toBe(`attachment; filename="giftcast-7\\"?.mp4"; filename*=UTF-8''giftcast-7%22%ED%95%9C.mp4`);
    // What a browser does with filename* (RFC 8187): percent-decode as UTF-8.
    const extended = /filename\*=UTF-8''([^;\s]+)/.exec(header)![1];
    expect(decodeURIComponent(extended)).toBe(`giftcast-${serial}.mp4`);
    const parsed = parse(header);
    expect([parsed.type, parsed.parameters.filename]).toEqual(['attachment', `giftcast-${serial}.mp4`]);
  });
});
