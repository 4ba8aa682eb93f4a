import { translate } from '../src/common/messages';
import { TcpOutage } from './support/fault-proxy';
import { eventually } from './support/eventually';
import { type FirestoreEmulator, startFirestoreEmulator } from './support/firestore-emulator';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The Firestore QR store behind a proxy that goes down or goes silent: reading a code then answers
 * the contract's 503, as a database outage does, within FIRESTORE_TIMEOUT_SECONDS (short here),
 * and the app answers normally again once Firestore is back.
 */
describe('the Firestore QR store while Firestore is away', () => {
  const outage = { statusCode: 503, error: translate('error.unavailable', 'ko') };
  let emulator: FirestoreEmulator;
  let proxy: TcpOutage;
  let t: TestApp;
  let auth: { Authorization: string };
  let qrToken: string;

  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
    const [host, port] = emulator.host.split(':');
    proxy = await new TcpOutage(host, Number(port)).start();
    t = await startTestApp({
      QR_STORE: 'firestore',
      FIREBASE_PROJECT_ID: emulator.newProjectId(),
      FIRESTORE_EMULATOR_HOST: `127.0.0.1:${proxy.port}`,
      FIRESTORE_TIMEOUT_SECONDS: '2',
    });
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
    const created = await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201);
    qrToken = created.body.items[0].qrToken;
  });
  afterAll(async () => {
    proxy.comeBack();
    await t.close();
    // firebase-admin ends its listen streams shortly after the app closes them.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await proxy.stop();
    emulator.stop();
  });

  const readCode = () => t.http.get(`/api/messages/${qrToken}`);

  /** Reads the code until it answers 200 again: Firestore is back for the app. */
  async function answersAgain(): Promise<void> {
    const response = await eventually(readCode, (r) => r.status === 200, 'the code to read again', 90_000, 500);
    expect(response.body).toMatchObject({ status: 'unused' });
  }

  it('answers 503 in the contract’s shape while Firestore refuses connections, and normally once it is back', async () => {
    await readCode().expect(200);

    proxy.goDown();
    const refused = await readCode();
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 503, body: outage });
    const adminList = await t.http.get('/api/admin/qr').set(auth);
    expect({ status: adminList.status, body: adminList.body }).toEqual({ status: 503, body: outage });

    proxy.comeBack();
    await answersAgain();
  }, 180_000);

  it('answers 503 at its deadline while Firestore goes silent, instead of hanging, and normally once it answers', async () => {
    await answersAgain();

    // Firestore's connection goes silent without closing; a new one would pass.
    proxy.stallOpenConnections();
    const stalled = await readCode();
    expect({ status: stalled.status, body: stalled.body }).toEqual({ status: 503, body: outage });

    // The silent connection is noticed (gRPC keepalive) and replaced by a new one.
    await answersAgain();
  }, 150_000);
});
