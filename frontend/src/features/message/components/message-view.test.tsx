import { act, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { fakeResponse, jsonResponse, mockFetch, readRequest, sentPaths, sentRequest } from '../../../test/fake-fetch';
import { renderApp, renderWithProviders } from '../../../test/render';
import { OWNER_KEYS_STORAGE_KEY, saveOwnerKey } from '../api/owner-keys';
import { PROCESSING_POLL_MS } from '../api/use-message';
import { code, failedMessage, processingMessage, readyMessage, TAKE_BACK_UNTIL } from '../testing/message-fixtures';
import { MessageView } from './message-view';

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(async () => {
  fetchMock = mockFetch();
  localStorage.clear();
  await changeLanguage('ko');
});

afterEach(() => {
  jest.useRealTimers();
});

const notFound = () => fakeResponse(404, JSON.stringify({ statusCode: 404, error: 'QR 코드를 찾을 수 없습니다.' }));

function renderView(qrToken = 'tok-1') {
  return renderWithProviders(<MessageView qrToken={qrToken} />, { url: `/v/${qrToken}` });
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });

describe('the page of a scanned code', () => {
  it('asks for the code by its token and shows a spinner meanwhile', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    await renderView('a/b c');

    expect(screen.getByRole('status')).toHaveTextContent('영상 메시지를 불러오는 중…');
    expect((await sentRequest(fetchMock)).path).toBe('/api/messages/a%2Fb%20c');
  });

  it.each([
    ['ko', 'QR 코드를 찾을 수 없어요', '홈으로 가기'],
    ['en', "We can't find this QR code", 'Go to home'],
  ] as const)(
    '[%s] says an unknown code (404) is not found and offers the home page',
    async (language, title, home) => {
      await changeLanguage(language);
      fetchMock.mockResolvedValue(notFound());
      await renderView();

      expect(await heading(title)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: home })).toHaveAttribute('href', '/');
    },
  );

  it.each([
    ['ko', '사용하지 않는 QR 코드예요', /사용이 중지되어/],
    ['en', 'This QR code is not in use', /has been switched off/],
  ] as const)('[%s] says plainly that a disabled code is not in use', async (language, title, text) => {
    await changeLanguage(language);
    fetchMock.mockResolvedValue(jsonResponse(200, code('disabled')));
    await renderView();

    expect(await heading(title)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /녹화|Record/ })).not.toBeInTheDocument();
  });

  it.each([
    ['ko', '보관 기간이 끝난 영상이에요', '7일 보관 기간이 지나 자동으로 삭제되었어요', '무료로 체험하기'],
    ['en', 'This message has been deleted', 'after its 7-day storage period', 'Try it for free'],
  ] as const)(
    '[%s] says an expired message was deleted after 7 days and invites to /try',
    async (language, title, text, cta) => {
      await changeLanguage(language);
      fetchMock.mockResolvedValue(jsonResponse(200, code('expired')));
      await renderView();

      expect(await heading(title)).toBeInTheDocument();
      expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
      expect(screen.getByRole('link', { name: cta })).toHaveAttribute('href', '/try');
    },
  );

  it.each([
    ['ko', '영상 메시지를 남겨 주세요', '지금 녹화하기', '영상 올리기', '최대 100MB', 'QR #0042'],
    ['en', 'Leave a video message', 'Record now', 'Upload a video', 'Up to 100MB', 'QR #0042'],
  ] as const)(
    '[%s] offers the giver of an unused code to record or upload',
    async (language, title, record, upload, limit, serial) => {
      await changeLanguage(language);
      fetchMock.mockResolvedValue(jsonResponse(200, code('unused')));
      await renderView();

      expect(await heading(title)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: record })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: upload })).toHaveAccessibleDescription(limit);
      expect(screen.getByText(serial)).toBeInTheDocument();
      expect(screen.getByLabelText(/올릴 영상 파일|Video file to upload/)).toHaveAttribute('accept', 'video/*');
    },
  );

  it.each([
    ['ko', '영상을 준비하고 있어요'],
    ['en', 'Preparing the video'],
  ] as const)(
    '[%s] shows a processing message to someone without the key, with no take-back',
    async (language, title) => {
      await changeLanguage(language);
      fetchMock.mockResolvedValue(jsonResponse(200, code('recorded', processingMessage())));
      await renderView();

      expect(await heading(title)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /취소하기|Take it back/ })).not.toBeInTheDocument();
    },
  );

  it.each([
    [
      'ko',
      '당신을 위한 영상 메시지가 도착했어요',
      '영상 메시지',
      /^2030년 5월 17일 .+에 삭제됩니다$/,
      '영상 저장하기',
      '무료로 체험하기',
    ],
    [
      'en',
      'A video message for you',
      'Video message',
      /^Deleted on May 17, 2030 at .+$/,
      'Save the video',
      'Try it for free',
    ],
  ] as const)(
    '[%s] plays a ready message with its poster, deletion date and download link',
    async (language, title, label, deleted, save, invite) => {
      await changeLanguage(language);
      fetchMock.mockResolvedValue(jsonResponse(200, code('recorded', readyMessage())));
      await renderView();

      expect(await heading(title)).toBeInTheDocument();
      const video = screen.getByLabelText(label);
      expect(video.tagName).toBe('VIDEO');
      expect(video).toHaveAttribute('src', '/api/videos/msg-1');
      expect(video).toHaveAttribute('poster', '/api/videos/msg-1/poster.jpg');
      expect(video).toHaveAttribute('preload', 'metadata');
      expect(video).toHaveAttribute('playsinline');
      expect(video).toHaveAttribute('controls');
      expect(screen.getByText(deleted)).toBeInTheDocument();
      const download = screen.getByRole('link', { name: save });
      expect(download).toHaveAttribute('href', '/api/videos/msg-1?download=1');
      expect(download).toHaveAttribute('download');
      expect(screen.getByRole('link', { name: invite })).toHaveAttribute('href', '/try');
      expect(screen.queryByRole('button', { name: /취소하기|Take it back/ })).not.toBeInTheDocument();
    },
  );

  it('shows a retry when the state cannot be loaded, which asks again', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(500, '', 'Internal Server Error'));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, code('expired')));
    const { user } = await renderView();

    await heading('영상 메시지를 불러오지 못했어요');
    await user.click(screen.getByRole('button', { name: '다시 시도' }));

    expect(await heading('보관 기간이 끝난 영상이에요')).toBeInTheDocument();
  });
});

describe('waiting for processing', () => {
  // Only the poll's interval is faked: react-query delivers results through setTimeout(0).
  const fakePollTimer = () => jest.useFakeTimers({ doNotFake: ['setTimeout', 'clearTimeout'] });
  /** The last answer delivered (a real setTimeout(0)) and rendered, before the clock moves on. */
  const answerDelivered = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

  it('asks again every 3 s while processing, then shows the player and stops asking', async () => {
    fakePollTimer();
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, code('recorded', processingMessage())))
      .mockResolvedValueOnce(jsonResponse(200, code('recorded', processingMessage())))
      .mockResolvedValueOnce(jsonResponse(200, code('recorded', readyMessage())));
    await renderView();
    expect(await heading('영상을 준비하고 있어요')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => jest.advanceTimersByTime(PROCESSING_POLL_MS - 1000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => jest.advanceTimersByTime(1000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await answerDelivered();
    await act(async () => jest.advanceTimersByTime(PROCESSING_POLL_MS));
    expect(fetchMock).toHaveBeenCalledTimes(3);

    expect(await heading('당신을 위한 영상 메시지가 도착했어요')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(PROCESSING_POLL_MS * 5));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('never polls a code that is not processing', async () => {
    fakePollTimer();
    fetchMock.mockResolvedValue(jsonResponse(200, code('unused')));
    await renderView();
    await heading('영상 메시지를 남겨 주세요');

    await act(async () => jest.advanceTimersByTime(60_000));

    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['ko', '영상 처리에 실패했어요', /다시 녹화하거나 다른 영상을 올려 주세요/],
    ['en', 'Processing your video failed', /record it again or upload another video/],
  ] as const)(
    '[%s] says processing failed when the code turns unused while this browser holds its key',
    async (language, title, text) => {
      await changeLanguage(language);
      fakePollTimer();
      saveOwnerKey('tok-1', { ownerKey: 'key-1', takeBackUntil: TAKE_BACK_UNTIL });
      fetchMock
        .mockResolvedValueOnce(jsonResponse(200, code('recorded', processingMessage())))
        .mockResolvedValueOnce(jsonResponse(200, code('unused')));
      await renderView();
      await heading(/영상을 준비하고 있어요|Preparing the video/);
      expect(screen.getByRole('button', { name: /영상 취소하기|Take it back/ })).toBeInTheDocument();

      await act(async () => jest.advanceTimersByTime(PROCESSING_POLL_MS));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText(title)).toBeInTheDocument();
      expect(within(alert).getByText(text)).toBeInTheDocument();
      // The giver can start again at once, and the dead key is gone.
      expect(screen.getByRole('button', { name: /지금 녹화하기|Record now/ })).toBeInTheDocument();
      expect(localStorage.getItem(OWNER_KEYS_STORAGE_KEY)).toBeNull();
    },
  );

  it.each([
    ['ko', 'noVideo', '올린 파일에 화면이 없어요. 화면이 담긴 영상을 다시 녹화하거나 올려 주세요.'],
    ['ko', 'tooLong', '영상이 3분보다 길어요. 3분 이내로 다시 녹화하거나 짧은 영상을 올려 주세요.'],
    [
      'ko',
      'tooDemanding',
      '휴대폰으로 찍는 영상보다 화면이 크거나 초당 장면이 너무 많아 처리할 수 없어요. 휴대폰 카메라로 찍은 영상을 올리거나 다시 녹화해 주세요.',
    ],
    ['ko', 'tooSlow', '영상을 변환하는 데 너무 오래 걸렸어요. 더 짧은 영상을 올리거나 다시 녹화해 주세요.'],
    ['ko', 'unreadable', '영상 파일을 읽을 수 없었어요. 다시 녹화하거나 다른 영상을 올려 주세요.'],
    ['en', 'noVideo', 'The file has no picture. Please record again or upload a video with a picture.'],
    ['en', 'tooLong', 'The video is longer than 3 minutes. Please record again or upload one of 3 minutes or less.'],
    [
      'en',
      'tooDemanding',
      "The video has a larger picture or more frames a second than a phone records, so we couldn't convert it. Please upload a video from your phone's camera or record again.",
    ],
    ['en', 'tooSlow', 'Converting your video took too long. Please upload a shorter video or record again.'],
    ['en', 'unreadable', "We couldn't read the video file. Please record it again or upload another video."],
  ] as const)('[%s] tells the giver why the video could not play: %s', async (language, reason, text) => {
    await changeLanguage(language);
    saveOwnerKey('tok-1', { ownerKey: 'key-1', takeBackUntil: TAKE_BACK_UNTIL });
    fetchMock.mockResolvedValue(jsonResponse(200, code('unused', failedMessage(reason))));
    await renderView();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/영상 처리에 실패했어요|Processing your video failed/)).toBeInTheDocument();
    expect(within(alert).getByText(text)).toBeInTheDocument();
    // The code is free again: the giver records or uploads anew.
    expect(screen.getByRole('button', { name: /지금 녹화하기|Record now/ })).toBeInTheDocument();
  });

  it('shows a failed upload to nobody but its giver', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, code('unused', failedMessage('tooLong'))));
    await renderView();

    await heading('영상 메시지를 남겨 주세요');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says nothing about a failure to a visitor without the key', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, code('unused')));
    await renderView();

    await heading('영상 메시지를 남겨 주세요');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('taking a message back', () => {
  beforeEach(() => {
    saveOwnerKey('tok-1', { ownerKey: 'key-1', takeBackUntil: TAKE_BACK_UNTIL });
    saveOwnerKey('other', { ownerKey: 'key-2', takeBackUntil: TAKE_BACK_UNTIL });
  });

  it('lets the giver take a ready message back after confirming: X-Owner-Key is sent and the key cleared', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, code('recorded', readyMessage())))
      .mockResolvedValueOnce(fakeResponse(204));
    const { user } = await renderView();
    await heading('당신을 위한 영상 메시지가 도착했어요');
    expect(screen.getByText(/2030년 5월 11일 .+까지 이 브라우저에서 영상을 취소하고/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '영상 취소하기' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: '네, 취소할게요' }));

    expect(await heading('영상 메시지를 남겨 주세요')).toBeInTheDocument();
    const takeBack = await sentRequest(fetchMock, 1);
    expect(takeBack).toMatchObject({ method: 'DELETE', path: '/api/messages/tok-1/video' });
    expect(takeBack.headers.get('X-Owner-Key')).toBe('key-1');
    expect(JSON.parse(localStorage.getItem(OWNER_KEYS_STORAGE_KEY)!)).toEqual({
      other: { ownerKey: 'key-2', takeBackUntil: TAKE_BACK_UNTIL },
    });
    expect(await screen.findByText('영상을 취소했어요. 새 영상을 남길 수 있어요.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the message when the giver changes their mind', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, code('recorded', readyMessage())));
    const { user } = await renderView();
    await heading('당신을 위한 영상 메시지가 도착했어요');

    await user.click(screen.getByRole('button', { name: '영상 취소하기' }));
    await user.click(screen.getByRole('button', { name: '그대로 둘게요' }));

    expect(screen.getByRole('button', { name: '영상 취소하기' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('offers no take-back once the window has closed', async () => {
    saveOwnerKey('tok-1', { ownerKey: 'key-1', takeBackUntil: '2020-01-01T00:00:00.000Z' });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, code('recorded', readyMessage())));
    await renderView();

    await heading('당신을 위한 영상 메시지가 도착했어요');
    expect(screen.queryByRole('button', { name: '영상 취소하기' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal after the 24 h window, forgets the key and reloads", async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, code('recorded', readyMessage())))
      .mockResolvedValueOnce(
        fakeResponse(409, JSON.stringify({ statusCode: 409, error: '취소 가능 시간이 지났습니다.' })),
      )
      .mockResolvedValueOnce(jsonResponse(200, code('recorded', readyMessage())));
    const { user } = await renderView();
    await heading('당신을 위한 영상 메시지가 도착했어요');

    await user.click(screen.getByRole('button', { name: '영상 취소하기' }));
    await user.click(screen.getByRole('button', { name: '네, 취소할게요' }));

    expect(await screen.findByText('취소 가능 시간이 지났습니다.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: '영상 취소하기' })).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem(OWNER_KEYS_STORAGE_KEY)!)).not.toHaveProperty('tok-1');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('the /v/:qrToken route', () => {
  it('is private: noindex, and the page heading comes before the lazily loaded view', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      (await readRequest(input, init)).path.startsWith('/api/messages/') ? notFound() : jsonResponse(200, []),
    );
    await renderApp('/v/tok-9');

    expect(screen.getByRole('heading', { level: 1, name: '영상 메시지' })).toBeInTheDocument();
    expect(await heading('QR 코드를 찾을 수 없어요')).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(sentPaths(fetchMock)).toContain('/api/messages/tok-9');
  });

  it.each([
    [
      'ko',
      '체험 페이지에 공개된 QR 코드예요',
      '내 코드로 만들기',
      '이제 나만의 QR 코드예요',
      '영상 메시지를 남겨 주세요',
    ],
    [
      'en',
      'This code is listed on the try page',
      'Make it my code',
      'This QR code is yours now',
      'Leave a video message',
    ],
  ] as const)(
    '[%s] takes a code listed on /try before recording, then moves to its new address and shows it to share',
    async (language, listedTitle, takeButton, yoursTitle, chooseTitle) => {
      await changeLanguage(language);
      fetchMock.mockImplementation(async (input, init) => {
        const { method, path } = await readRequest(input, init);
        if (method === 'POST' && path === '/api/qr/listed-1/take') {
          return jsonResponse(201, { id: 'id-42', serialNumber: '0042', qrToken: 'fresh-1', status: 'unused' });
        }
        if (path === '/api/messages/listed-1') return jsonResponse(200, code('unused', null, true));
        if (path.startsWith('/api/messages/')) throw new Error(`the new code was asked for: ${path}`);
        return jsonResponse(200, []);
      });
      const { router, user } = await renderApp('/v/listed-1');

      expect(await heading(listedTitle)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /녹화|Record/ })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: takeButton }));

      expect(await heading(yoursTitle)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/v/fresh-1');
      expect(screen.getByTestId('your-code-link')).toHaveTextContent(`${window.location.origin}/v/fresh-1`);
      expect(screen.getByRole('img', { name: /#0042/ })).toHaveAttribute('src', '/api/qr/fresh-1/image.png?size=200');
      expect(await heading(chooseTitle)).toBeInTheDocument();
    },
  );
});
