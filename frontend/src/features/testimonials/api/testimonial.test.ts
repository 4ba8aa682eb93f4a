import { avatarInitial, localizeTestimonial, parseRating, type Testimonial } from './testimonial';

const testimonial = (overrides: Partial<Testimonial> = {}): Testimonial => ({
  id: '1',
  name: '김민지',
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

describe('parseRating', () => {
  it('reads a numeric string', () => {
    expect(parseRating('4')).toBe(4);
    expect(parseRating(' 3 ')).toBe(3);
  });

  it('gives 5 when the rating cannot be read', () => {
    for (const unreadable of ['', '   ', 'abc', '4 stars', 'NaN', 'Infinity', null, undefined]) {
      expect({ unreadable, stars: parseRating(unreadable) }).toEqual({ unreadable, stars: 5 });
    }
  });

  it('clamps to 1..5 and rounds fractions to whole stars', () => {
    expect(parseRating('0')).toBe(1);
    expect(parseRating('-2')).toBe(1);
    expect(parseRating('7')).toBe(5);
    expect(parseRating('3.6')).toBe(4);
    expect(parseRating('2.4')).toBe(2);
  });
});

describe('localizeTestimonial', () => {
  it('uses the English fields in English', () => {
    expect(localizeTestimonial(testimonial(), 'en')).toMatchObject({
      name: 'Minji Kim',
      role: 'Florist',
      content: 'Customers love it.',
    });
  });

  it('uses the base fields in Korean even when English ones exist', () => {
    expect(localizeTestimonial(testimonial(), 'ko')).toMatchObject({
      name: '김민지',
      role: '꽃집 운영',
      content: '손님들이 정말 좋아하세요.',
    });
  });

  it('falls back field by field to the base text where the English one is null or blank', () => {
    const view = localizeTestimonial(testimonial({ nameEn: null, roleEn: '  ', contentEn: '' }), 'en');
    expect(view).toMatchObject({ name: '김민지', role: '꽃집 운영', content: '손님들이 정말 좋아하세요.' });
  });

  it('carries the parsed rating and treats a blank image address as no image', () => {
    expect(localizeTestimonial(testimonial({ rating: 'x', imageUrl: ' ' }), 'ko')).toMatchObject({
      rating: 5,
      imageUrl: null,
    });
    expect(localizeTestimonial(testimonial({ imageUrl: '/a.jpg' }), 'ko').imageUrl).toBe('/a.jpg');
  });
});

describe('avatarInitial', () => {
  it('is the upper-cased first letter of the name', () => {
    expect(avatarInitial('minji Kim')).toBe('M');
    expect(avatarInitial('  junho')).toBe('J');
    expect(avatarInitial('김민지')).toBe('김');
  });

  it('keeps a character outside the basic plane whole', () => {
    expect(avatarInitial('𝒜lice')).toBe('𝒜');
  });
});
