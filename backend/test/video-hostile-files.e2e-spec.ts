import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TranscodeJob } from '../src/video/transcode.job';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp } from './support/test-app';
import { makeClip, videoObjectKeys } from './support/video-fixtures';

/**
 * Files made to steer ffmpeg: manifests, playlists and concat lists dressed up as video, a video
 * far over the length limit, and an MP4 with no picture. None may make the backend fetch anything
 * (a listener here counts every request that reaches it), none may become a message, and each
 * leaves its code free with a reason: the upload's answer where its headers show it, else the
 * giver's page.
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

  /** ffmpeg writing to a pipe, as a browser's recorder streams: a WebM that declares no duration. */
  function ffmpegLive(args: string[]): Buffer {
    return execFileSync('ffmpeg', ['-loglevel', 'error', ...args, '-f', 'webm', '-']);
  }

  const tenMinutes = ['-f', 'lavfi', '-i', 'testsrc=duration=600:size=64x48:rate=1'];

  it('refuses on upload (422) an MP4 that declares 10 minutes, stores nothing and keeps the code free', async () => {
    const long = ffmpeg([...tenMinutes, '-c:v', 'libx264', '-preset', 'ultrafast'], 'ten-minutes.mp4');
    const code = await newCode();
    const before = await videoObjectKeys(t);
    const response = await upload(code.qrToken, long, 'ten-minutes.mp4').set('Accept-Language', 'en').expect(422);
    expect(response.body).toEqual({
      statusCode: 422,
      error: 'The video is longer than allowed. Please upload a shorter one',
    });
    expect(await videoObjectKeys(t)).toEqual(before);
    expect((await t.http.get(`/api/messages/${code.qrToken}`).expect(200)).body).toMatchObject({
      status: 'unused',
      message: null,
    });
  });

  it('refuses a 10-minute WebM that declares no duration as too long once its packets are read, and frees the code', async () => {
    const long = ffmpegLive([...tenMinutes, '-c:v', 'libvpx', '-b:v', '20k']);
    const code = await newCode();
    await upload(code.qrToken, long, 'ten-minutes.webm', 'video/webm').expect(201);
    const state = await processed(code.qrToken);
    expect(state.status).toBe('unused');
    expect(state.message).toMatchObject({ state: 'failed', failureReason: 'tooLong', videoUrl: null });
    expect((await videoObjectKeys(t)).filter((key) => key.includes(state.message!.id as string))).toEqual([]);
  });

  it('refuses on upload (422) a valid MP4 that has no video stream, and keeps the code free', async () => {
    const audioOnly = ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac'], 'voice.mp4');
    const code = await newCode();
    const response = await upload(code.qrToken, audioOnly, 'voice.mp4').expect(422);
    expect(response.body).toEqual({
      statusCode: 422,
      error: '올린 파일에 화면이 없습니다. 화면이 담긴 영상을 올려주세요',
    });
    expect((await t.http.get(`/api/messages/${code.qrToken}`).expect(200)).body.status).toBe('unused');
    expect(fetched).toEqual([]);
  });
});

/** How many times the transcoder took the message's job. */
async function attemptsOf(t: TestApp, id: string): Promise<number> {
  const [row] = await t.db.query<{ job_attempts: number }[]>('SELECT job_attempts FROM video_messages WHERE id = $1', [
    id,
  ]);
  return row.job_attempts;
}

/**
 * Videos made to tie up the transcoder: a picture far larger than any phone's, a frame rate past
 * any phone's, more frames than their duration holds. Each is refused from its headers or packets
 * before anything decodes it, with the reason for the giver, and its code is free again; a normal
 * clip uploaded right after becomes ready.
 */
describe('video bombs', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  const dir = mkdtempSync(join(tmpdir(), 'giftcast-bombs-'));

  beforeAll(async () => {
    t = await startTestApp({ TRY_SERIAL_FROM: '9000' });
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
  });

  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function newCode(): Promise<{ qrToken: string }> {
    return (await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201)).body.items[0];
  }

  function upload(token: string, bytes: Buffer, filename: string, contentType = 'video/mp4') {
    return t.http.post(`/api/messages/${token}/video`).attach('video', bytes, { filename, contentType });
  }

  function ffmpeg(args: string[], file?: string): Buffer {
    const out = file ? [join(dir, file)] : ['-f', 'webm', '-'];
    const written = execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args, ...out]);
    return file ? readFileSync(join(dir, file)) : written;
  }

  async function codeState(token: string) {
    return (await t.http.get(`/api/messages/${token}`).expect(200)).body as {
      status: string;
      message: Record<string, unknown> | null;
    };
  }

  /** Runs the transcoder until the code's message is no longer processing. */
  async function processed(token: string) {
    const jobs = t.app.get(TranscodeJob);
    return eventually(
      async () => {
        jobs.kick();
        await jobs.idle();
        return codeState(token);
      },
      (state) => state.message?.state !== 'processing',
      'the transcoder to finish',
    );
  }

  const tooDemanding = {
    ko: '휴대폰이 찍는 영상보다 화면이 크거나 초당 장면 수나 데이터가 많아 처리할 수 없습니다. 휴대폰 카메라로 찍은 영상을 올려주세요',
    en: 'This video has a larger picture, more frames a second or more data than a phone records. Please upload a video from a phone camera',
  };

  it.each([
    [
      '8192x8192 pixels (two frames)',
      () =>
        ffmpeg(
          ['-f', 'lavfi', '-i', 'color=c=black:s=8192x8192:r=1:d=2', '-c:v', 'libx264', '-preset', 'ultrafast'],
          'huge.mp4',
        ),
    ],
    [
      '240 frames a second',
      () =>
        ffmpeg(
          ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=240:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast'],
          'fast.mp4',
        ),
    ],
  ])(
    'refuses on upload (422) a video of %s with the reason, stores nothing and keeps the code free',
    async (_, bomb) => {
      const bytes = bomb();
      const code = await newCode();
      const before = await videoObjectKeys(t);
      for (const language of ['ko', 'en'] as const) {
        const response = await upload(code.qrToken, bytes, 'bomb.mp4').set('Accept-Language', language).expect(422);
        expect(response.body).toEqual({ statusCode: 422, error: tooDemanding[language] });
      }
      expect(await videoObjectKeys(t)).toEqual(before);
      expect(await codeState(code.qrToken)).toMatchObject({ status: 'unused', message: null });
    },
  );

  it('refuses a WebM whose frames do not fit its duration once its packets are read, before decoding it', async () => {
    // Declares 30 frames a second, and packs 60 frames into a quarter of a second.
    const squashed = ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=30:duration=2',
      '-c:v',
      'libvpx',
      '-b:v',
      '300k',
      '-bsf:v',
      'setts=ts=TS/8',
    ]);
    const code = await newCode();
    await upload(code.qrToken, squashed, 'squashed.webm', 'video/webm').expect(201);
    const state = await processed(code.qrToken);
    expect(state.status).toBe('unused');
    expect(state.message).toMatchObject({ state: 'failed', failureReason: 'tooDemanding', videoUrl: null });
    expect((await videoObjectKeys(t)).filter((key) => key.includes(state.message!.id as string))).toEqual([]);
    expect(await attemptsOf(t, state.message!.id as string)).toBe(1);
  });

  it('makes a normal clip uploaded right after the bombs ready', async () => {
    const code = await newCode();
    await upload(code.qrToken, makeClip('webm'), 'message.webm', 'video/webm').expect(201);
    const state = await processed(code.qrToken);
    expect(state).toMatchObject({ status: 'recorded', message: { state: 'ready', failureReason: null } });
  });
});

describe('a transcode past its time limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ TRY_SERIAL_FROM: '9000', TRANSCODE_TIMEOUT_SECONDS: '1', TRANSCODE_THREADS: '1' });
  });

  afterAll(() => t.close());

  it('fails at once as too slow, telling the giver why, and is not tried again', async () => {
    const auth = { Authorization: `Bearer ${await t.adminToken()}` };
    const code = (await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201)).body.items[0] as {
      qrToken: string;
    };
    const clip = makeClip('mp4', 10, '1280x720');
    await t.http
      .post(`/api/messages/${code.qrToken}/video`)
      .attach('video', clip, { filename: 'message.mp4', contentType: 'video/mp4' })
      .expect(201);
    const jobs = t.app.get(TranscodeJob);
    const state = await eventually(
      async () => {
        jobs.kick();
        await jobs.idle();
        return (await t.http.get(`/api/messages/${code.qrToken}`).expect(200)).body as {
          status: string;
          message: { id: string; state: string; failureReason: string | null } | null;
        };
      },
      (read) => read.message?.state !== 'processing',
      'the transcode to end',
    );
    expect(state).toMatchObject({ status: 'unused', message: { state: 'failed', failureReason: 'tooSlow' } });
    expect(await attemptsOf(t, state.message!.id)).toBe(1);
  });
});
