import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { AdminConsolePage } from '../../../pages/admin-console-page';
import { fakeResponse, jsonResponse } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import type { Post } from '../../../lib/post';
import { ADMIN_TOKEN_STORAGE_KEY } from '../api/use-admin-session';
import { fakeAdminApi, fakePost, logInStored, pagedAnswer } from '../fake-admin-api';
import { toSlug } from '../post-form-schema';

// zag's checkbox listens for pointer events, which jsdom does not construct.
window.PointerEvent ??= MouseEvent as unknown as typeof PointerEvent;
jest.setTimeout(20_000);

const olderPublished = fakePost();
const newerDraft = fakePost({
  id: 'p2',
  title: 'Newer draft title',
  slug: 'newer-draft',
  published: false,
  createdAt: '2026-02-01T00:00:00.000Z',
});

/** GET /api/admin/posts over `posts()`, newest first as the server keeps them, 20 to a page. */
const postsPages = (posts: () => Post[]) => pagedAnswer(posts);
const noPosts = postsPages(() => []);
const LIST = '/api/admin/posts';

/** Posts 1..n, post n the newest. */
const manyPosts = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    fakePost({ id: `p${n - i}`, title: `Post number ${n - i}`, slug: `post-${n - i}` }),
  );
const headings = () => screen.getAllByTestId('admin-post').map((item) => within(item).getByRole('heading').textContent);
const pager = () => screen.getByRole('navigation', { name: 'Post pages' });

let api: ReturnType<typeof fakeAdminApi>;
/** The admin API for one test; campaigns answer empty unless the test says otherwise. */
function routes(table: Parameters<typeof fakeAdminApi>[0]) {
  api = fakeAdminApi({ 'GET /api/admin/newsletters': pagedAnswer(() => []), ...table });
}
const callsTo = (method: string, pathname: string) => api.callsTo(method, pathname);

const passwordInput = () => screen.getByLabelText(/Password/);
const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await changeLanguage('en');
});

function fillValidPost() {
  fireEvent.input(field(/^Title \(Korean\)/), { target: { value: 'Hello title' } });
  fireEvent.input(field(/^Excerpt \(Korean\)/), { target: { value: 'An excerpt that is long enough' } });
  fireEvent.input(field(/^Content \(Korean\)/), { target: { value: 'x'.repeat(55) } });
  fireEvent.input(field(/^URL slug/), { target: { value: 'Hello World_2!' } });
}

describe('admin login', () => {
  it('stores the token on success and shows the manager', async () => {
    routes({
      'POST /api/admin/verify': () => jsonResponse(200, { token: 'fresh-token', expiresAt: '2030-01-01T00:00:00Z' }),
      'GET /api/admin/posts': noPosts,
    });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);

    await user.type(passwordInput(), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('button', { name: 'New post' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBe('fresh-token');
    expect(callsTo('POST', '/api/admin/verify')[0].body).toEqual({ password: 'secret' });
  });

  it("toasts 'Incorrect password' with the server's message", async () => {
    routes({
      'POST /api/admin/verify': () =>
        fakeResponse(401, JSON.stringify({ statusCode: 401, error: 'The password is incorrect' })),
    });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);

    await user.type(passwordInput(), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(screen.getByText('The password is incorrect')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("falls back to 'Login failed' when the failure carries no message", async () => {
    routes({ 'POST /api/admin/verify': () => fakeResponse(502, '', 'Bad Gateway') });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);

    await user.type(passwordInput(), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it("says how long to wait after too many attempts with the server's message", async () => {
    // error.auth.deviceLocked: the lockout lasts 15 minutes, so "a minute" would be false.
    const deviceLocked = 'Too many failed logins from this browser. Please try again later';
    routes({
      'POST /api/admin/verify': () => fakeResponse(429, JSON.stringify({ statusCode: 429, error: deviceLocked })),
    });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);

    await user.type(passwordInput(), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText(deviceLocked)).toBeInTheDocument();
    expect(screen.getByText('Too many login attempts')).toBeInTheDocument();
    expect(screen.queryByText('Please wait a minute and try again.')).not.toBeInTheDocument();
  });

  it('asks to wait a minute after too many attempts when the server sent no message', async () => {
    routes({ 'POST /api/admin/verify': () => fakeResponse(429, 'Too Many Requests', 'Too Many Requests') });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);

    await user.type(passwordInput(), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Please wait a minute and try again.')).toBeInTheDocument();
  });

  it('shows Korean texts by default', async () => {
    await changeLanguage('ko');
    routes({ 'POST /api/admin/verify': () => fakeResponse(401, JSON.stringify({ statusCode: 401, error: '틀림' })) });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);

    await user.type(screen.getByLabelText(/비밀번호/), 'x');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText('비밀번호가 올바르지 않습니다')).toBeInTheDocument();
  });
});

describe('admin blog manager', () => {
  it('lists every post newest first with drafts marked, sending the bearer token', async () => {
    logInStored();
    routes({ 'GET /api/admin/posts': postsPages(() => [newerDraft, olderPublished]) });
    await renderWithProviders(<AdminConsolePage blogOnly />);

    const items = await screen.findAllByTestId('admin-post');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Newer draft title',
      'First post title',
    ]);
    expect(within(items[0]).getByText('Draft')).toBeInTheDocument();
    expect(within(items[1]).getByText('Published')).toBeInTheDocument();
    expect(callsTo('GET', LIST)[0].headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('turns the slug into lowercase letters, digits and hyphens as it is typed', async () => {
    expect(toSlug('Hello World_2!')).toBe('hello-world-2-');
    logInStored();
    routes({ 'GET /api/admin/posts': noPosts });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);

    await user.click(await screen.findByRole('button', { name: 'New post' }));
    await user.type(field(/^URL slug/), 'Hello World_2!');
    expect(field(/^URL slug/)).toHaveValue('hello-world-2-');
  });

  it('enforces the limits by maxLength, with live counters and a URL input', async () => {
    logInStored();
    routes({ 'GET /api/admin/posts': noPosts });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
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
    routes({ 'GET /api/admin/posts': noPosts });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
    await user.click(await screen.findByRole('button', { name: 'New post' }));

    await user.type(field(/^Title \(Korean\)/), 'Four');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The title must be at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a URL slug')).toBeInTheDocument();
    expect(screen.getByText('The content must be at least 50 characters')).toBeInTheDocument();
    expect(screen.getByText('The excerpt must be at least 20 characters')).toBeInTheDocument();

    await user.type(field(/^Title \(Korean\)/), '5');
    await waitFor(() => expect(screen.queryByText('The title must be at least 5 characters')).not.toBeInTheDocument());
    await user.type(field(/^Thumbnail URL/), 'not a url');
    await user.type(field(/^URL slug/), '-');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid URL')).toBeInTheDocument();
    expect(callsTo('POST', '/api/posts')).toHaveLength(0);
  });

  it('shows the Korean messages of the spec', async () => {
    await changeLanguage('ko');
    logInStored();
    routes({ 'GET /api/admin/posts': noPosts });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
    await user.click(await screen.findByRole('button', { name: '새 글 작성' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('제목을 5자 이상 입력해주세요')).toBeInTheDocument();
    expect(screen.getByText('URL 슬러그를 입력해주세요')).toBeInTheDocument();
  });

  it('creates a post with the bearer token, toasts, closes the editor and refreshes the list', async () => {
    logInStored();
    let listed: Post[] = [];
    routes({
      'GET /api/admin/posts': postsPages(() => listed),
      'POST /api/posts': ({ body }) => {
        listed = [fakePost({ ...(body as Partial<Post>), id: 'new' })];
        return jsonResponse(201, listed[0]);
      },
    });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
    await user.click(await screen.findByRole('button', { name: 'New post' }));
    fillValidPost();
    await user.click(screen.getByRole('checkbox', { name: /Published/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    const [created] = callsTo('POST', '/api/posts');
    expect(created.headers.get('Authorization')).toBe('Bearer token-1');
    expect(created.body).toEqual({
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
      'GET /api/admin/posts': noPosts,
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
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
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
      'GET /api/admin/posts': postsPages(() => [olderPublished]),
      'PATCH /api/posts/p1': ({ body }) => jsonResponse(200, { ...olderPublished, ...(body as Partial<Post>) }),
    });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
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
    expect(callsTo('PATCH', '/api/posts/p1')[0].body).toMatchObject({ published: false });
  });

  it.each([
    [
      'en',
      { edit: 'Edit', save: 'Save', title: 'Error', failed: 'Failed to update post', other: 'Failed to create post' },
    ],
    [
      'ko',
      {
        edit: '수정',
        save: '저장',
        title: '오류',
        failed: '게시물 수정에 실패했습니다',
        other: '게시물 작성에 실패했습니다',
      },
    ],
  ] as const)("toasts the update's failure in %s, keeping the editor", async (language, text) => {
    await changeLanguage(language);
    logInStored();
    routes({
      'GET /api/admin/posts': postsPages(() => [olderPublished]),
      'PATCH /api/posts/p1': () => fakeResponse(500, JSON.stringify({ statusCode: 500, error: 'x' })),
    });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
    await user.click(within((await screen.findAllByTestId('admin-post'))[0]).getByRole('button', { name: text.edit }));
    await user.click(screen.getByRole('button', { name: text.save }));

    expect(await screen.findByText(text.failed)).toBeInTheDocument();
    expect(screen.getByText(text.title)).toBeInTheDocument();
    expect(screen.queryByText(text.other)).not.toBeInTheDocument();
    expect(screen.getByDisplayValue('First post title')).toBeInTheDocument();
  });

  it('cancel closes the editor, and a new post starts empty', async () => {
    logInStored();
    routes({ 'GET /api/admin/posts': postsPages(() => [olderPublished]) });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
    await user.click(within((await screen.findAllByTestId('admin-post'))[0]).getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText(/^Title \(Korean\)/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New post' }));
    expect(field(/^Title \(Korean\)/)).toHaveValue('');
  });

  it('keeps no draft of an edit once it is cancelled or saved', async () => {
    logInStored();
    routes({
      'GET /api/admin/posts': postsPages(() => [olderPublished]),
      'PATCH /api/posts/p1': () => jsonResponse(200, olderPublished),
    });
    const first = await renderWithProviders(<AdminConsolePage blogOnly />);
    const edit = async () =>
      first.user.click(within((await screen.findAllByTestId('admin-post'))[0]).getByRole('button', { name: 'Edit' }));
    await edit();
    await first.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await edit();
    await first.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    first.unmount();

    await renderWithProviders(<AdminConsolePage blogOnly />);
    expect(await screen.findAllByTestId('admin-post')).toHaveLength(1);
    expect(screen.queryByLabelText(/^Title \(Korean\)/)).not.toBeInTheDocument();
  });

  it('asks before deleting and does nothing when declined', async () => {
    logInStored();
    routes({ 'GET /api/admin/posts': postsPages(() => [olderPublished]) });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
    await user.click(within((await screen.findAllByTestId('admin-post'))[0]).getByRole('button', { name: 'Delete' }));

    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete?');
    expect(callsTo('DELETE', '/api/posts/p1')).toHaveLength(0);
    confirm.mockRestore();
  });

  it('deletes after confirmation and refreshes the list', async () => {
    logInStored();
    let listed = [olderPublished];
    routes({
      'GET /api/admin/posts': postsPages(() => listed),
      'DELETE /api/posts/p1': () => {
        listed = [];
        return fakeResponse(204);
      },
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
    await user.click(within((await screen.findAllByTestId('admin-post'))[0]).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No posts yet.')).toBeInTheDocument();
    confirm.mockRestore();
  });

  it("toasts 'Failed to delete post' when the delete fails", async () => {
    logInStored();
    routes({
      'GET /api/admin/posts': postsPages(() => [olderPublished]),
      'DELETE /api/posts/p1': () => fakeResponse(500, JSON.stringify({ statusCode: 500, error: 'x' })),
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
    await user.click(within((await screen.findAllByTestId('admin-post'))[0]).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Failed to delete post')).toBeInTheDocument();
    confirm.mockRestore();
  });

  it("says 'Failed to fetch posts' when the list fails to load", async () => {
    logInStored();
    routes({ 'GET /api/admin/posts': () => fakeResponse(500, JSON.stringify({ statusCode: 500, error: 'x' })) });
    await renderWithProviders(<AdminConsolePage blogOnly />);

    expect(await screen.findByText('Failed to fetch posts')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-post')).not.toBeInTheDocument();
    expect(screen.queryByText('No posts yet.')).not.toBeInTheDocument();
  });

  it('returns to the login form on a 401 and reopens the editor with its text after logging in', async () => {
    logInStored();
    let tokenValid = true;
    routes({
      'GET /api/admin/posts': noPosts,
      'POST /api/posts': () =>
        tokenValid
          ? jsonResponse(201, fakePost())
          : fakeResponse(401, JSON.stringify({ statusCode: 401, error: 'Authentication required' })),
      'POST /api/admin/verify': () => jsonResponse(200, { token: 'token-2' }),
    });
    tokenValid = false;
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
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
    routes({ 'GET /api/admin/posts': () => fakeResponse(401, JSON.stringify({ statusCode: 401, error: 'no' })) });
    await renderWithProviders(<AdminConsolePage blogOnly />);

    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  });

  it('logout ends the token on the server and clears it and the password field', async () => {
    routes({
      'POST /api/admin/verify': () => jsonResponse(200, { token: 'fresh-token' }),
      'POST /api/admin/logout': () => fakeResponse(204),
      'GET /api/admin/posts': noPosts,
    });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
    await user.type(passwordInput(), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
    expect(passwordInput()).toHaveValue('');
    expect(screen.queryByText('Your session has expired. Please log in again.')).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo('POST', '/api/admin/logout')).toHaveLength(1));
    expect(callsTo('POST', '/api/admin/logout')[0].headers.get('Authorization')).toBe('Bearer fresh-token');
  });

  it('logout clears the token even when the server cannot end it', async () => {
    logInStored('token-1');
    routes({
      'POST /api/admin/logout': () => fakeResponse(502, '', 'Bad Gateway'),
      'GET /api/admin/posts': noPosts,
    });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(callsTo('POST', '/api/admin/logout')).toHaveLength(1));
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
    expect(passwordInput()).toHaveValue('');
    expect(screen.queryByText('Your session has expired. Please log in again.')).not.toBeInTheDocument();
  });
});

describe('admin post list paging', () => {
  it('pages on the server, 20 at a time, with previous and next', async () => {
    logInStored();
    routes({ 'GET /api/admin/posts': postsPages(() => manyPosts(21)) });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);

    await waitFor(() => expect(headings()).toHaveLength(20));
    expect(headings()[0]).toBe('Post number 21');
    expect(within(pager()).getByText('Page 1 of 2 (21 in all)')).toBeInTheDocument();
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(callsTo('GET', LIST)[0].url.searchParams.get('page')).toBe('1');

    await user.click(within(pager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(headings()).toEqual(['Post number 1']));
    expect(within(pager()).getByText('Page 2 of 2 (21 in all)')).toBeInTheDocument();
    expect(within(pager()).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(callsTo('GET', LIST).at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('steps back a page when a delete empties the last one', async () => {
    logInStored();
    let listed = manyPosts(21);
    routes({
      'GET /api/admin/posts': postsPages(() => listed),
      'DELETE /api/posts/p1': () => {
        listed = listed.filter((item) => item.id !== 'p1');
        return fakeResponse(204);
      },
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
    await user.click(
      within(await screen.findByRole('navigation', { name: 'Post pages' })).getByRole('button', { name: 'Next' }),
    );
    await waitFor(() => expect(headings()).toEqual(['Post number 1']));

    await user.click(within(screen.getByTestId('admin-post')).getByRole('button', { name: 'Delete' }));
    expect(await within(pager()).findByText('Page 1 of 1 (20 in all)')).toBeInTheDocument();
    expect(headings()).toHaveLength(20);
    confirm.mockRestore();
  });

  it('searches by slug or title from page 1 and says when nothing matches', async () => {
    logInStored();
    routes({
      'GET /api/admin/posts': (call) => {
        const q = call.url.searchParams.get('q') ?? '';
        return postsPages(() => manyPosts(3).filter((item) => item.slug.includes(q)))(call);
      },
    });
    const { user } = await renderWithProviders(<AdminConsolePage blogOnly />);
    await waitFor(() => expect(headings()).toHaveLength(3));

    await user.type(screen.getByRole('textbox', { name: 'Slug or title' }), '  post-2 ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(headings()).toEqual(['Post number 2']));
    expect(callsTo('GET', LIST).at(-1)!.url.searchParams.get('q')).toBe('post-2');

    await user.clear(screen.getByRole('textbox', { name: 'Slug or title' }));
    await user.type(screen.getByRole('textbox', { name: 'Slug or title' }), 'nothing');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No posts match “nothing”.')).toBeInTheDocument();
  });
});
