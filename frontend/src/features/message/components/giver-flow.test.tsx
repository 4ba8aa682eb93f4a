import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { fakeResponse, jsonResponse, mockFetch, sentRequest } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { MAX_RECORDING_MS } from '../api/message';
import { OWNER_KEYS_STORAGE_KEY } from '../api/owner-keys';
import { FakeMediaRecorder, installFakeCamera, settle, uninstallFakeCamera } from '../testing/fake-media';
import { FakeXhr } from '../testing/fake-xhr';
import { code, processingMessage, TAKE_BACK_UNTIL } from '../testing/message-fixtures';
import { MessageView } from './message-view';

const VIDEO_MAX_BYTES = 104_857_600; // the build default; the test build sets no VIDEO_MAX_BYTES

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(async () => {
  fetchMock = mockFetch();
  fetchMock.mockResolvedValue(jsonResponse(200, code('unused')));
  localStorage.clear();
  FakeXhr.install();
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

const fileInput = () => screen.getByLabelText<HTMLInputElement>('올릴 영상 파일');

/**
 * The recorder and the preview are parts of their own (React.lazy), fetched when the giver goes
 * there: waits until the step's code is in and shown instead of the page's loading spinner.
 */
async function stepShown() {
  await waitFor(() => expect(screen.queryByText('불러오는 중…')).not.toBeInTheDocument());
  await settle();
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

  it('accepts a file of exactly VIDEO_MAX_BYTES: preview, then send it as the `video` field', async () => {
    const file = videoFile(VIDEO_MAX_BYTES);
    const { user } = await choose(file);

    expect(screen.getByRole('heading', { name: '이렇게 보낼까요?' })).toBeInTheDocument();
    const preview = screen.getByLabelText('보낼 영상 미리보기');
    expect(preview).toHaveAttribute('src', 'blob:preview');
    expect(preview).toHaveAttribute('controls');
    expect(preview).toHaveAttribute('playsinline');
    expect(screen.getByRole('button', { name: '다른 영상 선택' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '보내기' }));

    const xhr = FakeXhr.latest()!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/messages/tok-1/video');
    expect(xhr.headers['Accept-Language']).toBe('ko');
    expect([...xhr.body!.keys()]).toEqual(['video']);
    expect((xhr.body!.get('video') as File).name).toBe('clip.mp4');
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

  it('shows the upload progress as a bar and a percentage; cancel aborts and returns to the preview', async () => {
    const { user } = await choose(videoFile(2_000_000));
    await user.click(screen.getByRole('button', { name: '보내기' }));
    const xhr = FakeXhr.latest()!;

    expect(screen.getByRole('heading', { name: '영상을 보내는 중…' })).toBeInTheDocument();
    xhr.progress(500_000, 2_000_000);
    expect(screen.getByTestId('upload-percent')).toHaveTextContent('25%');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    xhr.progress(1_500_000, 2_000_000);
    expect(screen.getByTestId('upload-percent')).toHaveTextContent('75%');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');

    await user.click(screen.getByRole('button', { name: '취소' }));

    expect(xhr.aborted).toBe(true);
    expect(await screen.findByRole('button', { name: '보내기' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/실패|보내지 못했어요/)).not.toBeInTheDocument();
  });

  it('on 201 keeps the owner key in this browser and shows the result, with take-back', async () => {
    localStorage.setItem(
      OWNER_KEYS_STORAGE_KEY,
      JSON.stringify({ older: { ownerKey: 'k0', takeBackUntil: TAKE_BACK_UNTIL } }),
    );
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, code('unused')))
      .mockResolvedValue(jsonResponse(200, code('recorded', processingMessage())));
    const { user } = await choose(videoFile(2_000_000));
    await user.click(screen.getByRole('button', { name: '보내기' }));

    await FakeXhr.latest()!.respond(201, { message: processingMessage(), ownerKey: 'owner-1' });

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
    const { user } = await choose(videoFile(2_000_000));
    await user.click(screen.getByRole('button', { name: '보내기' }));
    await FakeXhr.latest()!.respond(201, { message: processingMessage(), ownerKey: 'owner-1' });
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
    [413, '파일이 너무 큽니다.'],
    [415, '영상 파일이 아닙니다.'],
    [400, '영상 파일을 첨부해 주세요.'],
  ])("shows the server's message on %s and stays on the preview", async (status, error) => {
    const { user } = await choose(videoFile(2_000_000));
    await user.click(screen.getByRole('button', { name: '보내기' }));

    await FakeXhr.latest()!.respond(status, { statusCode: status, error });

    expect(await screen.findByText(error)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '보내기' })).toBeInTheDocument();
    expect(localStorage.getItem(OWNER_KEYS_STORAGE_KEY)).toBeNull();
  });

  it('on 409 (someone else was faster) shows the message and reloads the code', async () => {
    const { user } = await choose(videoFile(2_000_000));
    fetchMock.mockResolvedValue(jsonResponse(200, code('recorded', processingMessage())));
    await user.click(screen.getByRole('button', { name: '보내기' }));

    await FakeXhr.latest()!.respond(409, { statusCode: 409, error: '이미 다른 분이 영상을 남겼습니다.' });

    expect(await screen.findByText('이미 다른 분이 영상을 남겼습니다.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '영상을 준비하고 있어요' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: '영상 취소하기' })).not.toBeInTheDocument();
  });

  it('says the video could not be sent when the connection fails', async () => {
    const { user } = await choose(videoFile(2_000_000));
    await user.click(screen.getByRole('button', { name: '보내기' }));

    act(() => FakeXhr.latest()!.onerror?.(new ProgressEvent('error')));

    expect(await screen.findByText(/영상을 보내지 못했어요/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '보내기' })).toBeInTheDocument();
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
      const sent = FakeXhr.latest()!.body!.get('video') as File;
      expect(sent.name).toBe('message.mp4');
      expect(sent.type).toBe('video/mp4');
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
