import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TranscodeJob } from '../src/video/transcode.job';
import { startTestApp, type TestApp } from './support/test-app';
import { videoObjectKeys } from './support/video-fixtures';

/**
 * Files made to steer ffmpeg: manifests, playlists and concat lists dressed up as video, a video
 * far over the length limit, and an MP4 with no picture. None may make the backend fetch anything
 * (a listener here counts every request that reaches it), none may become a message, and each
 * leaves its code free with a reason the giver's page can show.
 */
describe('uploads made to steer ffmpeg', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  let listener: Server;
  let bait: string;
  const fetched: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'giftcast-hostile-files-'));

  beforeAll(async () => {
    listener = createServer((request, response) => {
      fetched.push(`${request.method} ${request.url}`);
      response.end('#EXTM3U\n');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    bait = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    t = await startTestApp({ TRY_SERIAL_FROM: '9000', VIDEO_MAX_SECONDS: '180' });
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
  });

  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => listener.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  async function newCode(): Promise<{ qrToken: string }> {
    return (await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201)).body.items[0];
  }

  function upload(token: string, bytes: Buffer, filename: string, contentType = 'video/mp4') {
    return t.http.post(`/api/messages/${token}/video`).attach('video', bytes, { filename, contentType });
  }

  /** Runs the transcoder until the code's message is no longer processing. */
  async function processed(token: string): Promise<{ status: string; message: Record<string, unknown> | null }> {
    const jobs = t.app.get(TranscodeJob);
    const deadline = Date.now() + 60_000;
    for (;;) {
      jobs.kick();
      await jobs.idle();
      const state = (await t.http.get(`/api/messages/${token}`).expect(200)).body;
      if (state.message?.state !== 'processing') return state;
      if (Date.now() > deadline) throw new Error(`still processing: ${JSON.stringify(state)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** A DASH manifest whose first bytes read as an MPEG transport stream (0x47 at 4 and 196). */
  function dashAsTransportStream(): Buffer {
    const head = Buffer.from(`<!--G${' '.repeat(191)}G-->`);
    const manifest =
      '<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT10S" ' +
      'minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011"><Period>' +
      '<AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="1000">' +
      `<BaseURL>${bait}/dash-segment.mp4</BaseURL></Representation></AdaptationSet></Period></MPD>`;
    return Buffer.concat([head, Buffer.from(manifest)]);
  }

  /** An ISO-BMFF file type box, enough for the bytes to read as MP4, then whatever follows. */
  function behindMp4Header(payload: string): Buffer {
    const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
    return Buffer.concat([ftyp, Buffer.from(payload)]);
  }

  function ffmpeg(args: string[], file: string): Buffer {
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args, join(dir, file)]);
    return readFileSync(join(dir, file));
  }

  const hls = () => `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${bait}/hls-segment.ts\n#EXT-X-ENDLIST\n`;
  const concat = () => `ffconcat version 1.0\nfile '${bait}/concat.mp4'\n`;

  it.each([
    ['a DASH manifest that reads as an MPEG transport stream', () => dashAsTransportStream(), 'clip.mp4'],
    ['an HLS playlist', () => Buffer.from(hls()), 'clip.mp4'],
    ['a concat list', () => Buffer.from(concat()), 'clip.mov'],
  ])('refuses %s with 415 and stores nothing', async (_, bytes, filename) => {
    const code = await newCode();
    const before = await videoObjectKeys(t);
    const response = await upload(code.qrToken, bytes(), filename).set('Accept-Language', 'en').expect(415);
    expect(response.body).toEqual({ statusCode: 415, error: 'Only video files can be uploaded' });
    expect(await videoObjectKeys(t)).toEqual(before);
    expect((await t.http.get(`/api/messages/${code.qrToken}`).expect(200)).body.status).toBe('unused');
    expect(fetched).toEqual([]);
  });

  it.each([
    ['an HLS playlist', hls],
    ['a DASH manifest', () => dashAsTransportStream().toString()],
    ['a concat list', concat],
  ])('reads %s behind an MP4 header as MP4 only: it fails as unreadable, fetching nothing', async (_, payload) => {
    const code = await newCode();
    await upload(code.qrToken, behindMp4Header(payload()), 'clip.mp4').expect(201);
    const state = await processed(code.qrToken);
    expect(state.status).toBe('unused');
    expect(state.message).toMatchObject({ state: 'failed', failureReason: 'unreadable' });
    expect(fetched).toEqual([]);
  });

  it('refuses a 10-minute video as too long, and frees the code', async () => {
    const long = ffmpeg(
      [
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=600:size=64x48:rate=1',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:duration=600:sample_rate=8000',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-c:a',
        'aac',
        '-b:a',
        '16k',
      ],
      'ten-minutes.mp4',
    );
    const code = await newCode();
    await upload(code.qrToken, long, 'ten-minutes.mp4').expect(201);
    const state = await processed(code.qrToken);
    expect(state.status).toBe('unused');
    expect(state.message).toMatchObject({ state: 'failed', failureReason: 'tooLong', videoUrl: null });
    expect((await videoObjectKeys(t)).filter((key) => key.includes(state.message!.id as string))).toEqual([]);
  });

  it('refuses a valid MP4 that has no video stream, tells the giver why, and frees the code', async () => {
    const audioOnly = ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac'], 'voice.mp4');
    const code = await newCode();
    await upload(code.qrToken, audioOnly, 'voice.mp4').expect(201);
    const state = await processed(code.qrToken);
    expect(state.status).toBe('unused');
    expect(state.message).toMatchObject({ state: 'failed', failureReason: 'noVideo' });
    expect(fetched).toEqual([]);
  });
});
