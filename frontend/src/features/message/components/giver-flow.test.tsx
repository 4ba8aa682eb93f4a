import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { fakeResponse, jsonResponse, mockFetch, sentRequest } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { MAX_RECORDING_MS } from '../api/message';
import { CHUNK_BYTES as CHUNK } from '../api/upload-video';
import type { ShrinkPlan, VideoFacts } from '../shrink/shrink-plan';
import type { ShrunkVideo } from '../shrink/shrink-video';
import { OWNER_KEYS_STORAGE_KEY } from '../api/owner-keys';
import { FakeMediaRecorder, installFakeCamera, settle, uninstallFakeCamera } from '../testing/fake-media';
import { FakeXhr } from '../testing/fake-xhr';
import { code, processingMessage, TAKE_BACK_UNTIL } from '../testing/message-fixtures';
import { MessageView } from './message-view';

// jsdom has neither WebCodecs nor a demuxer's input: the reading and the encoding stand in here,
// the plan and the page around them are real (the real shrink runs in e2e/message-upload.spec.ts).
jest.mock('../shrink/shrink-video', () => ({
  inspectVideo: jest.fn(),
  canShrink: jest.fn(),
  shrinkVideo: jest.fn(),
}));
const shrink = jest.requireMock<{
  inspectVideo: jest.Mock<Promise<VideoFacts | null>, [Blob]>;
  canShrink: jest.Mock<Promise<boolean>, [ShrinkPlan]>;
  shrinkVideo: jest.Mock<Promise<ShrunkVideo>, [Blob, ShrinkPlan, (fraction: number) => void, AbortSignal]>;
}>('../shrink/shrink-video');

const VIDEO_MAX_BYTES = 104_857_600; // the build default; the test build sets no VIDEO_MAX_BYTES

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(async () => {
  fetchMock = mockFetch();
  fetchMock.mockResolvedValue(jsonResponse(200, code('unused')));
  localStorage.clear();
  FakeXhr.install();
  shrink.inspectVideo.mockReset().mockResolvedValue(null);
  shrink.canShrink.mockReset().mockResolvedValue(false);
  shrink.shrinkVideo.mockReset();
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:preview'), revokeObjectURL: jest.fn() });
  await changeLanguage('ko');
});

afterEach(() => {
  jest.useRealTimers();
  uninstallFakeCamera();
});

async function renderGiver() {
  const rendered = await renderWithProviders(<MessageView qrToken="tok-1" />, { url: '/v/tok-1' });
  await screen.findByRole('heading', { name: '영상 메시지를 남겨 주세요' });
  return rendered;
}

function videoFile(size: number, name = 'clip.mp4', type = 'video/mp4'): File {
  const file = new File(['video-bytes'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** A file whose bytes are really there, as tus reads them chunk by chunk. */
function filledVideoFile(size: number): File {
  return new File([new Uint8Array(size)], 'clip.mp4', { type: 'video/mp4' });
}

const fileInput = () => screen.getByLabelText<HTMLInputElement>('올릴 영상 파일');

/** The request of that method the page sent and nobody answered yet, once it is sent. */
async function request(method: string): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.open(method)).toBeDefined());
  return FakeXhr.open(method)!;
}

/** The server creates the upload u1 and gives its owner key. */
async function created() {
  await (
    await request('POST')
  ).respond(201, '', { Location: '/api/uploads/u1', 'X-Owner-Key': 'owner-1', 'Tus-Resumable': '1.0.0' });
}

/** The last chunk arrives: the server answers with the message and the owner key. */
async function finish(size: number) {
  await (
    await request('PATCH')
  ).respond(200, { message: processingMessage(), ownerKey: 'owner-1' }, { 'Upload-Offset': String(size) });
}

/** The send button once the picked file has been looked at. */
async function enabledSend(name = '보내기') {
  const button = screen.getByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

/**
 * The recorder and the preview are parts of their own (React.lazy), fetched when the giver goes
 * there: waits until the step's code is in and shown instead of the page's loading spinner.
 */
async function stepShown() {
  await waitFor(() => expect(screen.queryByText('불러오는 중…')).not.toBeInTheDocument());
  await settle();
}

/** In `language`, a 2 MB file picked and sent: the server has created the upload u1. */
async function sendingIn(language: 'ko' | 'en') {
  await changeLanguage(language);
  const rendered = await renderWithProviders(<MessageView qrToken="tok-1" />, { url: '/v/tok-1' });
  await screen.findByRole('heading', { level: 2 });
  await rendered.user.upload(
    screen.getByLabelText(language === 'ko' ? '올릴 영상 파일' : 'Video file to upload'),
    filledVideoFile(2_000_000),
  );
  await stepShown();
  await rendered.user.click(await enabledSend(language === 'ko' ? '보내기' : 'Send'));
  await created();
}

async function choose(file: File) {
  const rendered = await renderGiver();
  await rendered.user.upload(fileInput(), file);
  await stepShown();
  return rendered;
}

describe('uploading a file', () => {
  it('refuses a file of VIDEO_MAX_BYTES + 1 in the browser, naming the 100MB limit, without any request', async () => {
    await choose(videoFile(VIDEO_MAX_BYTES + 1));

    expect(screen.getByRole('alert')).toHaveTextContent('100MB보다 큰 영상은 올릴 수 없어요.');
    expect(screen.queryByRole('button', { name: '보내기' })).not.toBeInTheDocument();
    expect(FakeXhr.instances).toHaveLength(0);
    expect(fetchMock).toHaveBeenCalledTimes(1); // the page's own GET, nothing else
  });

  it('says so in English too', async () => {
    await changeLanguage('en');
    fetchMock.mockResolvedValue(jsonResponse(200, code('unused')));
    const rendered = await renderWithProviders(<MessageView qrToken="tok-1" />);
    await screen.findByRole('heading', { name: 'Leave a video message' });

    await rendered.user.upload(screen.getByLabelText('Video file to upload'), videoFile(VIDEO_MAX_BYTES + 1));

    expect(screen.getByRole('alert')).toHaveTextContent("Videos larger than 100MB can't be uploaded.");
  });

  it('accepts a file of exactly VIDEO_MAX_BYTES: preview, then creates a tus upload of its length', async () => {
    const file = videoFile(VIDEO_MAX_BYTES);
    const { user } = await choose(file);

    expect(screen.getByRole('heading', { name: '이렇게 보낼까요?' })).toBeInTheDocument();
    const preview = screen.getByLabelText('보낼 영상 미리보기');
    // The preview takes the file once its effect has run after the step shows.
    await waitFor(() => expect(preview).toHaveAttribute('src', 'blob:preview'));
    expect(preview).toHaveAttribute('controls');
    expect(preview).toHaveAttribute('playsinline');
    expect(screen.getByRole('button', { name: '다른 영상 선택' })).toBeInTheDocument();

    await user.click(await enabledSend());

    const creation = await request('POST');
    expect(creation.url).toBe('/api/messages/tok-1/uploads');
    expect(creation.headers['Tus-Resumable']).toBe('1.0.0');
    expect(creation.headers['Upload-Length']).toBe(String(VIDEO_MAX_BYTES));
    expect(creation.headers['Upload-Metadata']).toBe(`filename ${btoa('clip.mp4')},filetype ${btoa('video/mp4')}`);
    expect(creation.headers['Accept-Language']).toBe('ko');
    expect(creation.headers['X-Owner-Key']).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refuses a file that is not a video', async () => {
    await renderGiver();
    // A picker that ignores `accept` (some Android file managers do).
    fireEvent.change(fileInput(), {
      target: { files: [new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' })] },
    });

    expect(screen.getByRole('alert')).toHaveTextContent('영상 파일만 올릴 수 있어요.');
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('sends the chunks with the owner key from the creation and shows the progress as a bar and a percentage', async () => {
    const { user } = await choose(filledVideoFile(2_000_000));
    await user.click(await enabledSend());
    await created();

    const patch = await request('PATCH');
    expect(patch.url).toMatch(/\/api\/uploads\/u1$/);
    expect(patch.headers['X-Owner-Key']).toBe('owner-1');
    expect(patch.headers['Upload-Offset']).toBe('0');
    expect(patch.headers['Content-Type']).toBe('application/offset+octet-stream');
    expect(screen.getByRole('heading', { name: '영상을 보내는 중…' })).toBeInTheDocument();
    patch.progress(500_000, 2_000_000);
    expect(screen.getByTestId('upload-percent')).toHaveTextContent('25%');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    patch.progress(1_500_000, 2_000_000);
    expect(screen.getByTestId('upload-percent')).toHaveTextContent('75%');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
  });

  it('sends a long video in 6 MiB chunks, and after a dropped connection asks the offset and goes on from it without the bar going back', async () => {
    const size = 12_000_000;
    const { user } = await choose(filledVideoFile(size));
    await user.click(await enabledSend());
    await created();

    const first = await request('PATCH');
    first.progress(3_000_000, CHUNK);
    expect(screen.getByTestId('upload-percent')).toHaveTextContent('25%');
    await first.fail();

    const head = await request('HEAD');
    expect(head.url).toMatch(/\/api\/uploads\/u1$/);
    expect(head.headers['X-Owner-Key']).toBe('owner-1');
    await head.respond(200, '', { 'Upload-Offset': '0', 'Upload-Length': String(size), 'Tus-Resumable': '1.0.0' });

    const again = await request('PATCH');
    expect(again.headers['Upload-Offset']).toBe('0');
    again.progress(1_000_000, CHUNK);
    // The server holds nothing of the first try: the bar waits where it was.
    expect(screen.getByTestId('upload-percent')).toHaveTextContent('25%');
    await again.respond(204, '', { 'Upload-Offset': String(CHUNK), 'Tus-Resumable': '1.0.0' });

    const second = await request('PATCH');
    expect(second.headers['Upload-Offset']).toBe(String(CHUNK));
    expect(screen.getByTestId('upload-percent')).toHaveTextContent('52%');
  });

  it.each([
    ['ko', '네트워크 연결을 기다리고 있어요. 다시 연결되면 자동으로 이어서 보내요.'],
    ['en', 'Waiting for the network. Sending continues by itself once you are back online.'],
  ] as const)('[%s] says it waits for the network while offline, and no more once back', async (language, text) => {
    await sendingIn(language);
    await request('PATCH');

    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(text)).toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
  });

  it.each([
    ['ko', '서버가 잠시 응답하지 않아요. 조금 뒤 자동으로 이어서 보내요.', '네트워크 연결을 기다리고 있어요.'],
    [
      'en',
      "The server isn't answering right now. Sending continues by itself in a moment.",
      'Waiting for the network.',
    ],
  ] as const)(
    '[%s] says the server is away, not the network, once its 503s have spent the retries, and goes on by itself',
    async (language, text, networkText) => {
      await sendingIn(language);

      jest.useFakeTimers();
      const outage = { statusCode: 503, error: 'Video storage cannot be reached right now.' };
      // The first try and the 7 retries of RETRY_DELAYS, each answered 503 (a PATCH, then HEADs).
      for (let attempt = 0; attempt < 8; attempt += 1) {
        expect(screen.queryByText(text)).not.toBeInTheDocument();
        const open = await waitFor(() => {
          const sent = FakeXhr.open('PATCH') ?? FakeXhr.open('HEAD');
          expect(sent).toBeDefined();
          return sent!;
        });
        await open.respond(503, outage);
        await act(async () => jest.advanceTimersByTimeAsync(30_000));
      }
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.queryByText(new RegExp(networkText))).not.toBeInTheDocument();
      expect(screen.queryByText(outage.error)).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      // The next round asks the server's offset again and goes on from it.
      const head = await request('HEAD');
      await head.respond(200, '', { 'Upload-Offset': '0', 'Upload-Length': '2000000', 'Tus-Resumable': '1.0.0' });
      await (await request('PATCH')).respond(204, '', { 'Upload-Offset': '2000000', 'Tus-Resumable': '1.0.0' });
      await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
    },
  );

  it('retries a chunk a proxy cut off as too slow (408), as it does a dropped connection', async () => {
    const { user } = await choose(filledVideoFile(2_000_000));
    await user.click(await enabledSend());
    await created();

    await (await request('PATCH')).respond(408, '<html><body>408 Request Time-out</body></html>');

    const head = await request('HEAD');
    await head.respond(200, '', { 'Upload-Offset': '0', 'Upload-Length': '2000000', 'Tus-Resumable': '1.0.0' });
    expect(await request('PATCH')).toBeDefined();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(FakeXhr.instances.filter((xhr) => xhr.method === 'DELETE')).toHaveLength(0);
  });

  it("shows the server's refusal of a chunk and ends the upload there too, so the code is free for the next try", async () => {
    const { user } = await choose(filledVideoFile(2_000_000));
    await user.click(await enabledSend());
    await created();

    await (await request('PATCH')).respond(400, { statusCode: 400, error: '업로드 요청이 올바르지 않습니다.' });

    expect(await screen.findByText('업로드 요청이 올바르지 않습니다.')).toBeInTheDocument();
    const termination = await request('DELETE');
    expect(termination.url).toMatch(/\/api\/uploads\/u1$/);
    expect(termination.headers['X-Owner-Key']).toBe('owner-1');
    await termination.respond(204, '', { 'Tus-Resumable': '1.0.0' });
    expect(screen.getByRole('button', { name: '보내기' })).toBeInTheDocument();
  });

  it('cancel terminates the upload on the server with the owner key and returns to the preview', async () => {
    const { user } = await choose(filledVideoFile(2_000_000));
    await user.click(await enabledSend());
    await created();
    const patch = await request('PATCH');

    await user.click(screen.getByRole('button', { name: '취소' }));

    expect(patch.aborted).toBe(true);
    const termination = await request('DELETE');
    expect(termination.url).toMatch(/\/api\/uploads\/u1$/);
    expect(termination.headers['X-Owner-Key']).toBe('owner-1');
    await termination.respond(204, '', { 'Tus-Resumable': '1.0.0' });
    expect(await screen.findByRole('button', { name: '보내기' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/실패|보내지 못했어요/)).not.toBeInTheDocument();
  });

  it('on the last chunk keeps the owner key in this browser and shows the result, with take-back', async () => {
    localStorage.setItem(
      OWNER_KEYS_STORAGE_KEY,
      JSON.stringify({ older: { ownerKey: 'k0', takeBackUntil: TAKE_BACK_UNTIL } }),
    );
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, code('unused')))
      .mockResolvedValue(jsonResponse(200, code('recorded', processingMessage())));
    const { user } = await choose(filledVideoFile(2_000_000));
    await user.click(await enabledSend());
    await created();

    await finish(2_000_000);

    expect(await screen.findByRole('heading', { name: '영상 메시지를 남겼어요!' })).toBeInTheDocument();
    expect(screen.getByText('이제 선물을 받는 분이 같은 QR 코드를 스캔하면 영상을 볼 수 있어요.')).toBeInTheDocument();
    expect(screen.getByText(/^영상은 2030년 5월 17일 .+까지 보관돼요\.$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '영상 취소하기' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(OWNER_KEYS_STORAGE_KEY)!)).toEqual({
      older: { ownerKey: 'k0', takeBackUntil: TAKE_BACK_UNTIL },
      'tok-1': { ownerKey: 'owner-1', takeBackUntil: TAKE_BACK_UNTIL },
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The page behind the result is the processing one, with take-back too.
    await user.click(screen.getByRole('button', { name: '메시지 페이지 보기' }));
    expect(screen.getByRole('heading', { name: '영상을 준비하고 있어요' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '영상 취소하기' })).toBeInTheDocument();
  });

  it('takes the message back from the result screen and shows the choice again', async () => {
    const { user } = await choose(filledVideoFile(2_000_000));
    await user.click(await enabledSend());
    await created();
    await finish(2_000_000);
    fetchMock.mockResolvedValueOnce(fakeResponse(204));

    await user.click(await screen.findByRole('button', { name: '영상 취소하기' }));
    await user.click(screen.getByRole('button', { name: '네, 취소할게요' }));

    expect(await screen.findByRole('heading', { name: '영상 메시지를 남겨 주세요' })).toBeInTheDocument();
    const takeBack = await sentRequest(fetchMock, -1);
    expect(takeBack).toMatchObject({ method: 'DELETE', path: '/api/messages/tok-1/video' });
    expect(takeBack.headers.get('X-Owner-Key')).toBe('owner-1');
    expect(localStorage.getItem(OWNER_KEYS_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [415, '영상 파일이 아닙니다.'],
    [422, '영상이 휴대폰으로 찍을 수 있는 범위를 넘습니다.'],
  ])(
    "shows the server's message when it refuses the last chunk with %s, and stays on the preview",
    async (status, error) => {
      const { user } = await choose(filledVideoFile(2_000_000));
      await user.click(await enabledSend());
      await created();

      await (await request('PATCH')).respond(status, { statusCode: status, error });

      expect(await screen.findByText(error)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '보내기' })).toBeInTheDocument();
      expect(localStorage.getItem(OWNER_KEYS_STORAGE_KEY)).toBeNull();
    },
  );

  it("shows the server's message when it refuses the creation with 413", async () => {
    const { user } = await choose(filledVideoFile(2_000_000));
    await user.click(await enabledSend());

    await (await request('POST')).respond(413, { statusCode: 413, error: '파일이 너무 큽니다.' });

    expect(await screen.findByText('파일이 너무 큽니다.')).toBeInTheDocument();
    expect(FakeXhr.instances.filter((xhr) => xhr.method === 'PATCH')).toHaveLength(0);
  });

  it('where the server takes no resumable uploads (501 at creation), sends the file in one multipart request with progress', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, code('unused')))
      .mockResolvedValue(jsonResponse(200, code('recorded', processingMessage())));
    const file = filledVideoFile(2_000_000);
    const { user } = await choose(file);
    await user.click(await enabledSend());

    await (
      await request('POST')
    ).respond(501, { statusCode: 501, error: 'This server does not take resumable uploads.' });

    const post = await request('POST');
    expect(post.url).toBe('/api/messages/tok-1/video');
    expect((post.body as FormData).get('video')).toBeInstanceOf(File);
    expect(((post.body as FormData).get('video') as File).size).toBe(file.size);
    post.progress(1_000_000, 2_000_000);
    expect(screen.getByTestId('upload-percent')).toHaveTextContent('50%');
    await post.respond(201, { message: processingMessage(), ownerKey: 'owner-1' });

    expect(await screen.findByRole('heading', { name: '영상 메시지를 남겼어요!' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(OWNER_KEYS_STORAGE_KEY)!)).toEqual({
      'tok-1': { ownerKey: 'owner-1', takeBackUntil: TAKE_BACK_UNTIL },
    });
    expect(FakeXhr.instances.filter((xhr) => xhr.method === 'PATCH')).toHaveLength(0);
    expect(screen.queryByText('This server does not take resumable uploads.')).not.toBeInTheDocument();
  });

  it("where the one request is taken but its answer is not the API's (a proxy's page), reloads the code instead of waiting", async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, code('unused')))
      .mockResolvedValue(jsonResponse(200, code('recorded', processingMessage())));
    const { user } = await choose(filledVideoFile(2_000_000));
    await user.click(await enabledSend());
    await (await request('POST')).respond(501, { statusCode: 501, error: 'No resumable uploads.' });

    await (await request('POST')).respond(201, '<html><body>Created</body></html>');

    expect(await screen.findByRole('heading', { name: '영상을 준비하고 있어요' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('on 409 (someone else was faster) shows the message and reloads the code', async () => {
    const { user } = await choose(filledVideoFile(2_000_000));
    fetchMock.mockResolvedValue(jsonResponse(200, code('recorded', processingMessage())));
    await user.click(await enabledSend());

    await (await request('POST')).respond(409, { statusCode: 409, error: '이미 다른 분이 영상을 남겼습니다.' });

    expect(await screen.findByText('이미 다른 분이 영상을 남겼습니다.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '영상을 준비하고 있어요' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: '영상 취소하기' })).not.toBeInTheDocument();
  });
});

describe('shrinking a large video before it goes', () => {
  const fourK = { sizeBytes: 300_000_000, width: 3840, height: 2160, durationSeconds: 240 };

  // The page asks for WebCodecs before it lets a file over the cap through to the offer.
  beforeEach(() => Object.assign(globalThis, { VideoEncoder: class {} }));
  afterEach(() => delete (globalThis as { VideoEncoder?: unknown }).VideoEncoder);

  it('offers to shrink a 4K clip over the limits to 720p, keeping the first 3 minutes, and sends the shrunk file', async () => {
    shrink.inspectVideo.mockResolvedValue(fourK);
    shrink.canShrink.mockResolvedValue(true);
    const shrunk = new Blob(['small'], { type: 'video/mp4' });
    let report: (fraction: number) => void = () => undefined;
    let finishShrink: () => void = () => undefined;
    shrink.shrinkVideo.mockImplementation(
      (_file, _plan, onProgress) =>
        new Promise((resolve) => {
          report = onProgress;
          finishShrink = () => resolve({ video: shrunk, fileName: 'message.mp4' });
        }),
    );
    const { user } = await choose(videoFile(300_000_000));

    expect(await screen.findByText('이 영상은 보내기 전에 크기를 줄여야 해요')).toBeInTheDocument();
    expect(
      screen.getByText(/100MB보다 커요\. 3분보다 길어요\. 저장되는 화질\(1080p\)보다 화질이 높아요\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/앞의 3분만 남겨요\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '보내기' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '줄이고 앞의 3분만 남기기' }));
    expect(shrink.shrinkVideo).toHaveBeenCalledWith(
      expect.any(File),
      expect.objectContaining({ width: 1280, height: 720, trimTo: 180, required: true }),
      expect.any(Function),
      expect.any(AbortSignal),
    );
    act(() => report(0.4));
    expect(screen.getByTestId('shrink-percent')).toHaveTextContent('40%');
    act(() => report(0.3));
    expect(screen.getByTestId('shrink-percent')).toHaveTextContent('40%');
    await act(async () => finishShrink());

    expect(await screen.findByText(/로 줄였어요\. 확인한 뒤 보내 주세요\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '보내기' }));
    const creation = await request('POST');
    expect(creation.headers['Upload-Length']).toBe(String(shrunk.size));
    expect(creation.headers['Upload-Metadata']).toBe(`filename ${btoa('message.mp4')},filetype ${btoa('video/mp4')}`);
  });

  it('offers, without requiring it, to shrink a 4K clip within the limits', async () => {
    shrink.inspectVideo.mockResolvedValue({ ...fourK, sizeBytes: 40_000_000, durationSeconds: 20 });
    shrink.canShrink.mockResolvedValue(true);
    await choose(videoFile(40_000_000));

    expect(await screen.findByText('영상 크기를 줄이면 더 빨리 보낼 수 있어요')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '720p로 줄이기' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '보내기' })).toBeEnabled();
  });

  it.each([
    ['ko', '이 브라우저에서는 영상을 줄일 수 없어서'],
    ['en', "This browser can't shrink videos"],
  ] as const)(
    '[%s] where the browser cannot encode, says so and a video over the limit cannot go',
    async (language, text) => {
      await changeLanguage(language);
      shrink.inspectVideo.mockResolvedValue({ sizeBytes: 50_000_000, width: 1280, height: 720, durationSeconds: 240 });
      shrink.canShrink.mockResolvedValue(false);
      const rendered = await renderWithProviders(<MessageView qrToken="tok-1" />, { url: '/v/tok-1' });
      await screen.findByRole('heading', { level: 2 });
      await rendered.user.upload(
        screen.getByLabelText(language === 'ko' ? '올릴 영상 파일' : 'Video file to upload'),
        videoFile(50_000_000),
      );
      await stepShown();

      expect(await screen.findByText(new RegExp(text))).toBeInTheDocument();
      expect(screen.getByRole('button', { name: language === 'ko' ? '보내기' : 'Send' })).toBeDisabled();
    },
  );

  it('a video within the limits and what is kept goes as it is, without an offer', async () => {
    shrink.inspectVideo.mockResolvedValue({ sizeBytes: 20_000_000, width: 1920, height: 1080, durationSeconds: 60 });
    shrink.canShrink.mockResolvedValue(true);
    await choose(videoFile(20_000_000));

    expect(await enabledSend()).toBeEnabled();
    expect(screen.queryByRole('button', { name: /줄이기/ })).not.toBeInTheDocument();
  });
});

describe('recording with the camera', () => {
  it('opens the front camera with sound in a muted inline preview and shows no switch with one camera', async () => {
    const camera = installFakeCamera({ cameras: 1 });
    const { user } = await renderGiver();

    await user.click(screen.getByRole('button', { name: '지금 녹화하기' }));
    await stepShown();

    expect(camera.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'user' }, audio: true });
    const preview = screen.getByLabelText<HTMLVideoElement>('카메라 미리보기');
    expect(preview.muted).toBe(true);
    expect(preview).toHaveAttribute('playsinline');
    expect(screen.getByRole('timer', { name: '녹화 시간' })).toHaveTextContent('00:00 / 03:00');
    expect(screen.queryByRole('button', { name: '카메라 전환' })).not.toBeInTheDocument();
  });

  it('offers a front/back switch with two cameras, stopping the old tracks', async () => {
    const camera = installFakeCamera({ cameras: 2 });
    const { user } = await renderGiver();
    await user.click(screen.getByRole('button', { name: '지금 녹화하기' }));
    await stepShown();

    await user.click(await screen.findByRole('button', { name: '카메라 전환' }));
    await settle();

    expect(camera.getUserMedia).toHaveBeenLastCalledWith({ video: { facingMode: 'environment' }, audio: true });
    expect(camera.streams[0].tracks.every((track) => track.stopped)).toBe(true);
    expect(camera.streams[1].tracks.some((track) => track.stopped)).toBe(false);
  });

  it('records WebM, counts mm:ss and stops by itself at 3:00, then previews the recording', async () => {
    const camera = installFakeCamera();
    const { user } = await renderGiver();
    await user.click(screen.getByRole('button', { name: '지금 녹화하기' }));
    await stepShown();
    await waitFor(() => expect(screen.getByRole('button', { name: '녹화 시작' })).toBeEnabled());

    jest.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: '녹화 시작' }));
    const recorder = FakeMediaRecorder.latest()!;
    expect(recorder.options.mimeType).toBe('video/webm;codecs=vp9,opus');
    expect(recorder.state).toBe('recording');
    expect(screen.getByText('녹화 중')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(65_000));
    expect(screen.getByRole('timer')).toHaveTextContent('01:05 / 03:00');
    act(() => jest.advanceTimersByTime(MAX_RECORDING_MS - 65_000 - 1_000));
    expect(screen.getByRole('timer')).toHaveTextContent('02:59 / 03:00');
    expect(recorder.stopCalls).toBe(0);

    act(() => jest.advanceTimersByTime(1_000));
    await stepShown();

    expect(recorder.stopCalls).toBe(1);
    expect(screen.getByRole('heading', { name: '이렇게 보낼까요?' })).toBeInTheDocument();
    expect(screen.getByText('최대 3분이 되어 녹화가 자동으로 끝났어요.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 녹화' })).toBeInTheDocument();
    // The camera is off while previewing.
    expect(camera.streams[0].tracks.every((track) => track.stopped)).toBe(true);
  });

  it('records MP4 where WebM is unsupported and sends it as message.mp4', async () => {
    installFakeCamera();
    FakeMediaRecorder.supported = ['video/mp4'];
    try {
      const { user } = await renderGiver();
      await user.click(screen.getByRole('button', { name: '지금 녹화하기' }));
      await stepShown();

      await user.click(screen.getByRole('button', { name: '녹화 시작' }));
      await user.click(screen.getByRole('button', { name: '녹화 끝내기' }));
      await stepShown();
      expect(screen.queryByText(/자동으로 끝났어요/)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: '보내기' }));

      expect(FakeMediaRecorder.latest()!.options.mimeType).toBe('video/mp4');
      const creation = await request('POST');
      expect(creation.headers['Upload-Metadata']).toBe(`filename ${btoa('message.mp4')},filetype ${btoa('video/mp4')}`);
    } finally {
      FakeMediaRecorder.supported = [
        'video/webm;codecs=vp9,opus',
        'video/webm;codecs=vp8,opus',
        'video/webm',
        'video/mp4',
      ];
    }
  });

  it('retake opens the camera again', async () => {
    const camera = installFakeCamera();
    const { user } = await renderGiver();
    await user.click(screen.getByRole('button', { name: '지금 녹화하기' }));
    await stepShown();
    await user.click(screen.getByRole('button', { name: '녹화 시작' }));
    await user.click(screen.getByRole('button', { name: '녹화 끝내기' }));
    await stepShown();

    await user.click(screen.getByRole('button', { name: '다시 녹화' }));
    await settle();

    expect(camera.getUserMedia).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: '녹화 시작' })).toBeEnabled();
  });

  it('stops every track when the page is left mid-recording, and sends nothing', async () => {
    const camera = installFakeCamera();
    const { user, unmount } = await renderGiver();
    await user.click(screen.getByRole('button', { name: '지금 녹화하기' }));
    await stepShown();
    await user.click(screen.getByRole('button', { name: '녹화 시작' }));

    unmount();

    expect(camera.streams[0].tracks.every((track) => track.stopped)).toBe(true);
    expect(FakeMediaRecorder.latest()!.state).toBe('inactive');
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('going back to the choice turns the camera off', async () => {
    const camera = installFakeCamera();
    const { user } = await renderGiver();
    await user.click(screen.getByRole('button', { name: '지금 녹화하기' }));
    await stepShown();

    await user.click(screen.getByRole('button', { name: '돌아가기' }));

    expect(screen.getByRole('heading', { name: '영상 메시지를 남겨 주세요' })).toBeInTheDocument();
    expect(camera.streams[0].tracks.every((track) => track.stopped)).toBe(true);
  });

  it('explains a refused camera and offers the upload instead', async () => {
    installFakeCamera({ denied: true });
    const { user } = await renderGiver();

    await user.click(screen.getByRole('button', { name: '지금 녹화하기' }));

    expect(await screen.findByRole('heading', { name: '카메라를 쓸 수 없어요' })).toBeInTheDocument();
    expect(screen.getByText(/카메라와 마이크 사용을 허용해야/)).toBeInTheDocument();
    const panel = screen.getByRole('heading', { name: '카메라를 쓸 수 없어요' }).parentElement!.parentElement!;
    expect(within(panel).getByRole('button', { name: '영상 올리기' })).toBeInTheDocument();
  });

  it('says recording is unavailable where the browser has no camera API', async () => {
    const { user } = await renderGiver();

    await user.click(screen.getByRole('button', { name: '지금 녹화하기' }));

    expect(await screen.findByText(/바로 녹화할 수 없어요/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: '녹화 시작' })).not.toBeInTheDocument());
  });
});
