import { changeLanguage, i18n } from '../../lib/i18n';
import { createTestimonialSchema, emptyTestimonialValues, testimonialFormToInput } from './testimonial-form-schema';

const valid = { ...emptyTestimonialValues, name: '김민', role: '꽃집', content: '1234567890' };

async function messages(language: 'ko' | 'en', values: Partial<typeof valid>) {
  await changeLanguage(language);
  const result = createTestimonialSchema(i18n.t).safeParse({ ...valid, ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('testimonial form schema', () => {
  it('accepts names, roles and reviews exactly at their minimum, and empty optional URLs', async () => {
    expect(await messages('ko', {})).toEqual({});
  });

  it.each([
    ['name', { name: '김' }, '이름을 2자 이상 입력해주세요', 'Please enter at least 2 characters for the name'],
    ['role', { role: ' 꽃 ' }, '역할/직책을 입력해주세요', 'Please enter a role or position'],
    [
      'content',
      { content: '123456789' },
      '후기를 10자 이상 입력해주세요',
      'Please write at least 10 characters for the review',
    ],
    ['imageUrl', { imageUrl: 'not a url' }, '올바른 URL을 입력해주세요', 'Please enter a valid URL'],
    ['videoUrl', { videoUrl: 'ftp://example.com/v.mp4' }, '올바른 URL을 입력해주세요', 'Please enter a valid URL'],
    ['rating', { rating: '6' }, '평점은 1에서 5 사이의 숫자여야 합니다', 'The rating must be a number from 1 to 5'],
    ['name', { name: 'x'.repeat(101) }, '이름은 100자 이내로 입력해주세요', 'The name must be 100 characters or fewer'],
  ])('rejects a bad %s with the spec message in both languages', async (field, change, ko, en) => {
    expect(await messages('ko', change)).toEqual({ [field]: ko });
    expect(await messages('en', change)).toEqual({ [field]: en });
  });

  it('sends trimmed texts, empty optional fields as null and the rating as text', async () => {
    await changeLanguage('en');
    const parsed = createTestimonialSchema(i18n.t).parse({
      ...valid,
      name: '  김민지 ',
      imageUrl: ' https://example.com/a.jpg ',
      rating: '4',
      featured: true,
    });
    expect(testimonialFormToInput(parsed)).toEqual({
      name: '김민지',
      nameEn: null,
      role: '꽃집',
      roleEn: null,
      content: '1234567890',
      contentEn: null,
      imageUrl: 'https://example.com/a.jpg',
      videoUrl: null,
      rating: '4',
      featured: true,
    });
  });
});
