import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { fakeResponse, jsonResponse } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import type { Testimonial } from '../api/use-admin-testimonials';
import { fakeAdminApi } from '../fake-admin-api';
import { TestimonialManager } from './testimonial-manager';

// zag's checkbox listens for pointer events, which jsdom does not construct.
window.PointerEvent ??= MouseEvent as unknown as typeof PointerEvent;
jest.setTimeout(20_000);

const existing: Testimonial = {
  id: 't1',
  name: '김민지',
  nameEn: 'Minji Kim',
  role: '꽃집 운영',
  roleEn: null,
  content: '손님들이 정말 좋아하세요. 감사합니다!',
  contentEn: null,
  imageUrl: null,
  videoUrl: null,
  rating: '4',
  featured: true,
  createdAt: '2026-04-01T00:00:00.000Z',
};

const page = (items: Testimonial[]) => () => jsonResponse(200, { items, total: items.length, page: 1, pageSize: 20 });
const onSessionExpired = jest.fn();
const renderManager = () =>
  renderWithProviders(<TestimonialManager token="token-1" onSessionExpired={onSessionExpired} />);
const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

beforeEach(async () => {
  sessionStorage.clear();
  await changeLanguage('en');
});

describe('testimonial manager', () => {
  it('lists testimonials with their rating and featured mark', async () => {
    fakeAdminApi({ 'GET /api/admin/testimonials': page([existing]) });
    await renderManager();

    const item = await screen.findByTestId('admin-testimonial');
    expect(within(item).getByRole('heading', { name: '김민지' })).toBeInTheDocument();
    expect(within(item).getByText('Featured')).toBeInTheDocument();
    expect(within(item).getByText('Rating 4/5')).toBeInTheDocument();
  });

  it('shows the validation messages and sends nothing, then creates with the defaults and toasts', async () => {
    const api = fakeAdminApi({
      'GET /api/admin/testimonials': page([]),
      'POST /api/admin/testimonials': ({ body }) => jsonResponse(201, { ...existing, ...(body as object), id: 't2' }),
    });
    const { user } = await renderManager();
    await user.click(await screen.findByRole('button', { name: 'New testimonial' }));
    expect(field(/^Rating/)).toHaveValue('5');

    fireEvent.input(field(/^Name \(Korean\)/), { target: { value: '김' } });
    fireEvent.input(field(/^Review \(Korean\)/), { target: { value: 'short' } });
    fireEvent.input(field(/^Photo URL/), { target: { value: 'not a url' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Please enter at least 2 characters for the name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a role or position')).toBeInTheDocument();
    expect(screen.getByText('Please write at least 10 characters for the review')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/testimonials')).toHaveLength(0);

    fireEvent.input(field(/^Name \(Korean\)/), { target: { value: '이수진' } });
    fireEvent.input(field(/^Role \(Korean\)/), { target: { value: '케이크 공방' } });
    fireEvent.input(field(/^Review \(Korean\)/), { target: { value: '영상 편지가 정말 감동이었어요.' } });
    fireEvent.input(field(/^Photo URL/), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    const [post] = api.callsTo('POST', '/api/admin/testimonials');
    expect(post.headers.get('Authorization')).toBe('Bearer token-1');
    expect(post.body).toEqual({
      name: '이수진',
      nameEn: null,
      role: '케이크 공방',
      roleEn: null,
      content: '영상 편지가 정말 감동이었어요.',
      contentEn: null,
      imageUrl: null,
      videoUrl: null,
      rating: '5',
      featured: false,
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
  });

  it('edits with PATCH from a prefilled form', async () => {
    const api = fakeAdminApi({
      'GET /api/admin/testimonials': page([existing]),
      'PATCH /api/admin/testimonials/t1': ({ body }) => jsonResponse(200, { ...existing, ...(body as object) }),
    });
    const { user } = await renderManager();
    await user.click(within(await screen.findByTestId('admin-testimonial')).getByRole('button', { name: 'Edit' }));

    expect(field(/^Name \(English\)/)).toHaveValue('Minji Kim');
    expect(field(/^Rating/)).toHaveValue('4');
    await user.selectOptions(field(/^Rating/), '2');
    await user.click(screen.getByText('Feature on the home page'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/admin/testimonials/t1')[0].body).toMatchObject({
      rating: '2',
      featured: false,
      nameEn: 'Minji Kim',
    });
  });

  it("shows the server's field messages and a failure toast", async () => {
    fakeAdminApi({
      'GET /api/admin/testimonials': page([existing]),
      'PATCH /api/admin/testimonials/t1': () =>
        fakeResponse(
          400,
          JSON.stringify({ statusCode: 400, error: 'x', details: [{ field: 'role', message: 'Server says no' }] }),
        ),
    });
    const { user } = await renderManager();
    await user.click(within(await screen.findByTestId('admin-testimonial')).getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Server says no')).toBeInTheDocument();
    expect(screen.getByText('Failed to update the testimonial')).toBeInTheDocument();
  });

  it('deletes only after confirming', async () => {
    const api = fakeAdminApi({
      'GET /api/admin/testimonials': page([existing]),
      'DELETE /api/admin/testimonials/t1': () => fakeResponse(204),
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await renderManager();
    const deleteButton = within(await screen.findByTestId('admin-testimonial')).getByRole('button', { name: 'Delete' });

    await user.click(deleteButton);
    expect(confirm).toHaveBeenCalledWith('Delete the testimonial from 김민지?');
    expect(api.callsTo('DELETE', '/api/admin/testimonials/t1')).toHaveLength(0);

    await user.click(deleteButton);
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/admin/testimonials/t1')).toHaveLength(1);
  });

  it('toasts when a delete fails', async () => {
    fakeAdminApi({
      'GET /api/admin/testimonials': page([existing]),
      'DELETE /api/admin/testimonials/t1': () => fakeResponse(500, ''),
    });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await renderManager();
    await user.click(within(await screen.findByTestId('admin-testimonial')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete the testimonial')).toBeInTheDocument();
  });

  it('keeps the typed text as a draft when the token is rejected on save', async () => {
    fakeAdminApi({
      'GET /api/admin/testimonials': page([]),
      'POST /api/admin/testimonials': () => fakeResponse(401, JSON.stringify({ statusCode: 401, error: 'x' })),
    });
    const { user, unmount } = await renderManager();
    await user.click(await screen.findByRole('button', { name: 'New testimonial' }));
    fireEvent.input(field(/^Name \(Korean\)/), { target: { value: '박지훈' } });
    fireEvent.input(field(/^Role \(Korean\)/), { target: { value: '선물 가게' } });
    fireEvent.input(field(/^Review \(Korean\)/), { target: { value: '포장 안에 영상이 있어 좋아요.' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSessionExpired).toHaveBeenCalled());
    unmount();
    fakeAdminApi({ 'GET /api/admin/testimonials': page([]) });
    await renderManager();
    expect(field(/^Name \(Korean\)/)).toHaveValue('박지훈');
    expect(field(/^Review \(Korean\)/)).toHaveValue('포장 안에 영상이 있어 좋아요.');
  });

  it('shows the Korean validation messages of the spec', async () => {
    await changeLanguage('ko');
    fakeAdminApi({ 'GET /api/admin/testimonials': page([]) });
    const { user } = await renderManager();
    await user.click(await screen.findByRole('button', { name: '새 후기' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('이름을 2자 이상 입력해주세요')).toBeInTheDocument();
    expect(screen.getByText('역할/직책을 입력해주세요')).toBeInTheDocument();
    expect(screen.getByText('후기를 10자 이상 입력해주세요')).toBeInTheDocument();
  });
});
