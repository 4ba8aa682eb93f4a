import { screen, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { fakeResponse, jsonResponse, mockFetch, sentRequest } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import type { Testimonial } from '../api/testimonial';
import { TestimonialsSection } from './testimonials-section';

let fetchMock: ReturnType<typeof mockFetch>;

const testimonial = (overrides: Partial<Testimonial>): Testimonial => ({
  id: '1',
  name: 'minji',
  nameEn: 'Minji Kim',
  role: '꽃집 운영',
  roleEn: 'Florist',
  content: '손님들이 정말 좋아하세요.',
  contentEn: 'Customers love it.',
  imageUrl: null,
  videoUrl: null,
  rating: '4',
  featured: true,
  createdAt: '2025-10-10T09:00:00.000Z',
  ...overrides,
});

const FALLBACK = {
  ko: { first: '최유진', last: '문하린', rating: '5점 만점에 5점' },
  en: { first: 'Yujin Choi', last: 'Harin Moon', rating: 'Rated 5 out of 5' },
} as const;

beforeEach(async () => {
  fetchMock = mockFetch();
  await changeLanguage('ko');
});

describe('TestimonialsSection', () => {
  it('asks the featured testimonials endpoint and shows 3 skeleton cards while it answers', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    await renderWithProviders(<TestimonialsSection />);

    expect((await sentRequest(fetchMock)).path).toBe('/api/testimonials/featured');
    expect(screen.getAllByTestId('testimonial-skeleton')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('후기를 불러오는 중…');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  for (const language of ['ko', 'en'] as const) {
    const text = FALLBACK[language];

    it(`[${language}] shows the 10 scenario cards when there are no featured testimonials`, async () => {
      await changeLanguage(language);
      fetchMock.mockResolvedValue(jsonResponse(200, []));
      await renderWithProviders(<TestimonialsSection />);

      const cards = await screen.findAllByRole('article');
      expect(cards).toHaveLength(10);
      expect(within(cards[0]).getByRole('heading', { name: text.first })).toBeInTheDocument();
      expect(within(cards[9]).getByRole('heading', { name: text.last })).toBeInTheDocument();
      expect(within(cards[0]).getByRole('img', { name: text.rating })).toBeInTheDocument();
      expect(screen.queryByTestId('testimonial-skeleton')).not.toBeInTheDocument();
    });

    it(`[${language}] shows the 10 scenario cards when the call fails`, async () => {
      await changeLanguage(language);
      fetchMock.mockResolvedValue(fakeResponse(500, '', 'Internal Server Error'));
      await renderWithProviders(<TestimonialsSection />);

      const cards = await screen.findAllByRole('article');
      expect(cards).toHaveLength(10);
      expect(within(cards[0]).getByRole('heading', { name: text.first })).toBeInTheDocument();
    });
  }

  it('shows the scenario cards when the answer carries no list', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, null));
    await renderWithProviders(<TestimonialsSection />);

    expect(await screen.findAllByRole('article')).toHaveLength(10);
  });

  it('shows loaded testimonials with their English fields in English', async () => {
    await changeLanguage('en');
    fetchMock.mockResolvedValue(
      jsonResponse(200, [testimonial({}), testimonial({ id: '2', name: '박준호', nameEn: '', roleEn: null })]),
    );
    await renderWithProviders(<TestimonialsSection />);

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading', { name: 'Minji Kim' })).toBeInTheDocument();
    expect(within(cards[0]).getByText('Florist')).toBeInTheDocument();
    expect(within(cards[0]).getByText('Customers love it.')).toBeInTheDocument();
    expect(within(cards[0]).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    // Blank English fields fall back to the base ones.
    expect(within(cards[1]).getByRole('heading', { name: '박준호' })).toBeInTheDocument();
    expect(within(cards[1]).getByText('꽃집 운영')).toBeInTheDocument();
  });

  it('shows the base fields in Korean', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, [testimonial({})]));
    await renderWithProviders(<TestimonialsSection />);

    const card = await screen.findByRole('article');
    expect(within(card).getByRole('heading', { name: 'minji' })).toBeInTheDocument();
    expect(within(card).getByText('손님들이 정말 좋아하세요.')).toBeInTheDocument();
  });

  it('shows 5 stars when the rating cannot be read', async () => {
    await changeLanguage('en');
    fetchMock.mockResolvedValue(jsonResponse(200, [testimonial({ rating: 'great' })]));
    await renderWithProviders(<TestimonialsSection />);

    const card = await screen.findByRole('article');
    expect(within(card).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
  });

  it('shows the photo when there is one, else the upper-cased first letter of the shown name', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, [testimonial({}), testimonial({ id: '2', imageUrl: '/avatars/jun.jpg' })]),
    );
    await renderWithProviders(<TestimonialsSection />);

    const [plain, withPhoto] = await screen.findAllByRole('article');
    expect(within(plain).getByTestId('testimonial-initial')).toHaveTextContent(/^M$/);
    expect(plain.querySelector('img')).toBeNull();
    expect(withPhoto.querySelector('img')).toHaveAttribute('src', '/avatars/jun.jpg');
    expect(within(withPhoto).queryByTestId('testimonial-initial')).not.toBeInTheDocument();
  });
});
