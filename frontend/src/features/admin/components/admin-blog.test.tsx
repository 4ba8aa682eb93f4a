import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { AdminBlogPage } from '../../../pages/admin-blog-page';
import { fakeResponse, jsonResponse, mockFetch } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import type { AdminPost } from '../api/admin-post';
import { ADMIN_TOKEN_STORAGE_KEY } from '../api/use-admin-session';
import { toSlug } from '../post-form-schema';

// zag's checkbox listens for pointer events, which jsdom does not construct.
window.PointerEvent ??= MouseEvent as unknown as typeof PointerEvent;
jest.setTimeout(20_000);

let fetchMock: ReturnType<typeof mockFetch>;

const post = (overrides: Partial<AdminPost>): AdminPost => ({
  id: 'p1',
  title: 'First post title',
  titleEn: 'First post in English',
  content: 'c'.repeat(60),
  contentEn: null,
  excerpt: 'An excerpt of twenty or more',
  excerptEn: null,
  thumbnailUrl: null,
  slug: 'first-post',
  published: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const olderPublished = post({});
const newerDraft = post({
  id: 'p2',
  title: 'Newer draft title',
  slug: 'newer-draft',
  published: false,
  createdAt: '2026-02-01T00:00:00.000Z',
});

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Answers each `METHOD url` with its handler; any other call fails the test. */
function routes(table: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = table[key];
    if (!handler) throw new Error(`unexpected call ${key}`);
    return handler(init);
  });
}

const callsTo = (method: string, url: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method);

const logInStored = () => localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'token-1');
const passwordInput = () => screen.getByLabelText(/Password/);
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(async () => {
  fetchMock = mockFetch();
  localStorage.clear();
  sessionStorage.clear();
  await changeLanguage('en');
});

function fillValidPost() {
  fireEvent.change(field(/^Title \(Korean\)/), { target: { value: 'Hello title' } });
  fireEvent.change(field(/^Excerpt \(Korean\)/), { target: { value: 'An excerpt that is long enough' } });
  fireEvent.change(field(/^Content \(Korean\)/), { target: { value: 'x'.repeat(55) } });
  fireEvent.change(field(/^URL slug/), { target: { value: 'Hello World_2!' } });
}

describe('admin login', () => {
  it('stores the token on success and shows the manager', async () => {
    routes({
      'POST /api/admin/verify': () => jsonResponse(200, { token: 'fresh-token', expiresAt: '2030-01-01T00:00:00Z' }),
      'GET /api/posts': () => jsonResponse(200, []),
    });
    const { user } = await renderWithProviders(<AdminBlogPage />);

    await user.type(passwordInput(), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('button', { name: 'New post' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBe('fresh-token');
    expect(callsTo('POST', '/api/admin/verify')[0][1]?.body).toBe(JSON.stringify({ password: 'secret' }));
  });

  it("toasts 'Incorrect password' with the server's message", async () => {
    routes({
      'POST /api/admin/verify': () =>
        fakeResponse(401, JSON.stringify({ statusCode: 401, error: 'The password is incorrect' })),
    });
    const { user } = await renderWithProviders(<AdminBlogPage />);

    await user.type(passwordInput(), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(screen.getByText('The password is incorrect')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("falls back to 'Login failed' when the failure carries no message", async () => {
    routes({ 'POST /api/admin/verify': () => fakeResponse(502, '', 'Bad Gateway') });
    const { user } = await renderWithProviders(<AdminBlogPage />);

    await user.type(passwordInput(), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it('asks to wait a minute after too many attempts', async () => {
    routes({ 'POST /api/admin/verify': () => fakeResponse(429, JSON.stringify({ statusCode: 429, error: 'x' })) });
    const { user } = await renderWithProviders(<AdminBlogPage />);

    await user.type(passwordInput(), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Please wait a minute and try again.')).toBeInTheDocument();
  });

  it('shows Korean texts by default', async () => {
    await changeLanguage('ko');
    routes({ 'POST /api/admin/verify': () => fakeResponse(401, JSON.stringify({ statusCode: 401, error: '틀림' })) });
    const { user } = await renderWithProviders(<AdminBlogPage />);

    await user.type(screen.getByLabelText(/비밀번호/), 'x');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText('비밀번호가 올바르지 않습니다')).toBeInTheDocument();
  });
});

describe('admin blog manager', () => {
  it('lists every post newest first with drafts marked, sending the bearer token', async () => {
    logInStored();
    routes({ 'GET /api/posts': () => jsonResponse(200, [olderPublished, newerDraft]) });
    await renderWithProviders(<AdminBlogPage />);

    const items = await screen.findAllByTestId('admin-post');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Newer draft title',
      'First post title',
    ]);
    expect(within(items[0]).getByText('Draft')).toBeInTheDocument();
    expect(within(items[1]).getByText('Published')).toBeInTheDocument();
    const headers = callsTo('GET', '/api/posts')[0][1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-1');
  });

  it('turns the slug into lowercase letters, digits and hyphens as it is typed', async () => {
    expect(toSlug('Hello World_2!')).toBe('hello-world-2-');
    logInStored();
    routes({ 'GET /api/posts': () => jsonResponse(200, []) });
    const { user } = await renderWithProviders(<AdminBlogPage />);

    await user.click(await screen.findByRole('button', { name: 'New post' }));
    await user.type(field(/^URL slug/), 'Hello World_2!');
    expect(field(/^URL slug/)).toHaveValue('hello-world-2-');
  });

  it('enforces the limits by maxLength, with live counters and a URL input', async () => {
    logInStored();
    routes({ 'GET /api/posts': () => jsonResponse(200, []) });
    const { user } = await renderWithProviders(<AdminBlogPage />);
    await user.click(await screen.findByRole('button', { name: 'New post' }));

    const limits: [RegExp, number][] = [
      [/^Title \(Korean\)/, 40],
      [/^Title \(English\)/, 80],
      [/^Content \(Korean\)/, 1200],
      [/^Content \(English\)/, 2400],
      [/^Excerpt \(Korean\)/, 100],
      [/^Excerpt \(English\)/, 200],
      [/^URL slug/, 30],
    ];
    for (const [label, max] of limits) expect(field(label)).toHaveAttribute('maxLength', String(max));
    expect(field(/^Thumbnail URL/)).toHaveAttribute('type', 'url');

    expect(screen.getByTestId('title-counter')).toHaveTextContent('0/40');
    await user.type(field(/^Title \(Korean\)/), 'Hello');
    expect(screen.getByTestId('title-counter')).toHaveTextContent('5/40');
    expect(field(/^Title \(Korean\)/)).toBeRequired();
  });

  it('shows the validation messages at the boundaries and sends nothing', async () => {
    logInStored();
    routes({ 'GET /api/posts': () => jsonResponse(200, []) });
    const { user } = await renderWithProviders(<AdminBlogPage />);
    await user.click(await screen.findByRole('button', { name: 'New post' }));

    await user.type(field(/^Title \(Korean\)/), 'Four');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The title must be at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a URL slug')).toBeInTheDocument();
    expect(screen.getByText('The content must be at least 50 characters')).toBeInTheDocument();
    expect(screen.getByText('The excerpt must be at least 20 characters')).toBeInTheDocument();

    await user.type(field(/^Title \(Korean\)/), '5');
    await waitFor(() =>
      expect(screen.queryByText('The title must be at least 5 characters')).not.toBeInTheDocument(),
    );
    await user.type(field(/^Thumbnail URL/), 'not a url');
    await user.type(field(/^URL slug/), '-');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid URL')).toBeInTheDocument();
    expect(callsTo('POST', '/api/posts')).toHaveLength(0);
  });

  it('shows the Korean messages of the spec', async () => {
    await changeLanguage('ko');
    logInStored();
    routes({ 'GET /api/posts': () => jsonResponse(200, []) });
    const { user } = await renderWithProviders(<AdminBlogPage />);
    await user.click(await screen.findByRole('button', { name: '새 글 작성' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('제목을 5자 이상 입력해주세요')).toBeInTheDocument();
    expect(screen.getByText('URL 슬러그를 입력해주세요')).toBeInTheDocument();
  });

  it('creates a post with the bearer token, toasts, closes the editor and refreshes the list', async () => {
    logInStored();
    let listed: AdminPost[] = [];
    routes({
      'GET /api/posts': () => jsonResponse(200, listed),
      'POST /api/posts': (init) => {
        const body = JSON.parse(String(init?.body)) as AdminPost;
        listed = [post({ ...body, id: 'new' })];
        return jsonResponse(201, listed[0]);
      },
    });
    const { user } = await renderWithProviders(<AdminBlogPage />);
    await user.click(await screen.findByRole('button', { name: 'New post' }));
    fillValidPost();
    await user.click(screen.getByRole('checkbox', { name: /Published/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    const [, init] = callsTo('POST', '/api/posts')[0];
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    expect(JSON.parse(String(init?.body))).toEqual({
      title: 'Hello title',
      titleEn: null,
      content: 'x'.repeat(55),
      contentEn: null,
      excerpt: 'An excerpt that is long enough',
      excerptEn: null,
      thumbnailUrl: null,
      slug: 'hello-world-2-',
      published: true,
    });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(await screen.findByText('Hello title')).toBeInTheDocument();
  });

  it("shows the server's field messages and the 'Failed to create post' toast", async () => {
    logInStored();
    routes({
      'GET /api/posts': () => jsonResponse(200, []),
      'POST /api/posts': () =>
        fakeResponse(
          400,
          JSON.stringify({
            statusCode: 400,
            error: 'Please check your input',
            details: [{ field: 'excerpt', message: 'Server says excerpt is wrong' }],
          }),
        ),
    });
    const { user } = await renderWithProviders(<AdminBlogPage />);
    await user.click(await screen.findByRole('button', { name: 'New post' }));
    fillValidPost();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Failed to create post')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Server says excerpt is wrong')).toBeInTheDocument();
    expect(field(/^Title \(Korean\)/)).toHaveValue('Hello title');
  });

  it('prefills the editor from the chosen post and saves with PATCH', async () => {
    logInStored();
    routes({
      'GET /api/posts': () => jsonResponse(200, [olderPublished]),
      'PATCH /api/posts/p1': (init) => jsonResponse(200, { ...olderPublished, ...JSON.parse(String(init?.body)) }),
    });
    const { user } = await renderWithProviders(<AdminBlogPage />);
    const item = (await screen.findAllByTestId('admin-post'))[0];
    await user.click(within(item).getByRole('button', { name: 'Edit' }));

    expect(field(/^Title \(Korean\)/)).toHaveValue('First post title');
    expect(field(/^Title \(English\)/)).toHaveValue('First post in English');
    expect(field(/^URL slug/)).toHaveValue('first-post');
    expect(screen.getByRole('checkbox', { name: /Published/ })).toBeChecked();
    expect(screen.getByTestId('title-counter')).toHaveTextContent('16/40');

    await user.click(screen.getByRole('checkbox', { name: /Published/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo('PATCH', '/api/posts/p1')[0][1]?.body))).toMatchObject({ published: false });
  });

  it('cancel closes the editor, and a new post starts empty', async () => {
    logInStored();
    routes({ 'GET /api/posts': () => jsonResponse(200, [olderPublished]) });
    const { user } = await renderWithProviders(<AdminBlogPage />);
    await user.click(within((await screen.findAllByTestId('admin-post'))[0]).getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText(/^Title \(Korean\)/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New post' }));
    expect(field(/^Title \(Korean\)/)).toHaveValue('');
  });

  it('asks before deleting and does nothing when declined', async () => {
    logInStored();
    routes({ 'GET /api/posts': () => jsonResponse(200, [olderPublished]) });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = await renderWithProviders(<AdminBlogPage />);
    await user.click(within((await screen.findAllByTestId('admin-post'))[0]).getByRole('button', { name: 'Delete' }));

    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete?');
    expect(callsTo('DELETE', '/api/posts/p1')).toHaveLength(0);
    confirm.mockRestore();
  });

  it('deletes after confirmation and refreshes the list', async () => {
    logInStored();
    let listed = [olderPublished];
    routes({
      'GET /api/posts': () => jsonResponse(200, listed),
      'DELETE /api/posts/p1': () => {
        listed = [];
        return fakeResponse(204);
      },
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await renderWithProviders(<AdminBlogPage />);
    await user.click(within((await screen.findAllByTestId('admin-post'))[0]).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No posts yet.')).toBeInTheDocument();
    confirm.mockRestore();
  });

  it("toasts 'Failed to delete post' when the delete fails", async () => {
    logInStored();
    routes({
      'GET /api/posts': () => jsonResponse(200, [olderPublished]),
      'DELETE /api/posts/p1': () => fakeResponse(500, JSON.stringify({ statusCode: 500, error: 'x' })),
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await renderWithProviders(<AdminBlogPage />);
    await user.click(within((await screen.findAllByTestId('admin-post'))[0]).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Failed to delete post')).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('returns to the login form on a 401 and reopens the editor with its text after logging in', async () => {
    logInStored();
    let tokenValid = true;
    routes({
      'GET /api/posts': () => jsonResponse(200, []),
      'POST /api/posts': () =>
        tokenValid
          ? jsonResponse(201, post({}))
          : fakeResponse(401, JSON.stringify({ statusCode: 401, error: 'Authentication required' })),
      'POST /api/admin/verify': () => jsonResponse(200, { token: 'token-2' }),
    });
    tokenValid = false;
    const { user } = await renderWithProviders(<AdminBlogPage />);
    await user.click(await screen.findByRole('button', { name: 'New post' }));
    fillValidPost();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();

    await user.type(passwordInput(), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByDisplayValue('Hello title')).toBeInTheDocument();
    expect(field(/^URL slug/)).toHaveValue('hello-world-2-');
    expect(field(/^Content \(Korean\)/)).toHaveValue('x'.repeat(55));
  });

  it('returns to the login form when the list call is rejected', async () => {
    logInStored();
    routes({ 'GET /api/posts': () => fakeResponse(401, JSON.stringify({ statusCode: 401, error: 'no' })) });
    await renderWithProviders(<AdminBlogPage />);

    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  });

  it('logout clears the token and the password field', async () => {
    routes({
      'POST /api/admin/verify': () => jsonResponse(200, { token: 'fresh-token' }),
      'GET /api/posts': () => jsonResponse(200, []),
    });
    const { user } = await renderWithProviders(<AdminBlogPage />);
    await user.type(passwordInput(), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
    expect(passwordInput()).toHaveValue('');
    expect(screen.queryByText('Your session has expired. Please log in again.')).not.toBeInTheDocument();
  });
});
