import 'reflect-metadata';
import { isURL } from 'class-validator';
import { CreatePostDto } from '../blog/dto/create-post.dto';
import { createValidationPipe, ValidationFailedException } from '../common/validation';
import { DEMO_POSTS, DEMO_TESTIMONIALS } from './demo-content';

/** The field errors the API's own validation pipe gives a body, none when it would be accepted. */
async function apiValidationErrors(body: object, metatype: new () => object): Promise<unknown[]> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype, data: '' });
    return [];
  } catch (error) {
    if (error instanceof ValidationFailedException) return error.fieldErrors;
    throw error;
  }
}

const isUrlOrAbsent = (value: string | null) => value === null || isURL(value, { require_protocol: true });

describe('demo content', () => {
  it.each(DEMO_POSTS.map((post) => [post.slug, post] as const))(
    'post %s passes the same validation as POST /api/posts',
    async (_, { daysAgo: _daysAgo, ...post }) => {
      expect(await apiValidationErrors(post, CreatePostDto)).toEqual([]);
    },
  );

  it('gives every post a unique slug, English versions and a date in the past', () => {
    expect(new Set(DEMO_POSTS.map((post) => post.slug)).size).toBe(DEMO_POSTS.length);
    for (const post of DEMO_POSTS) {
      expect(post).toMatchObject({
        titleEn: expect.any(String),
        contentEn: expect.any(String),
        excerptEn: expect.any(String),
      });
      expect(post.daysAgo).toBeGreaterThan(0);
    }
    expect(DEMO_POSTS.some((post) => post.published)).toBe(true);
  });

  // There is no testimonial API yet: these are the spec's testimonial rules (section 5).
  it.each(DEMO_TESTIMONIALS.map((testimonial) => [testimonial.nameEn ?? testimonial.name, testimonial] as const))(
    'testimonial of %s follows the spec: name and role of 2+, content of 10+, URLs or empty, rating 1-5',
    (_, testimonial) => {
      expect(testimonial.name.trim().length).toBeGreaterThanOrEqual(2);
      expect(testimonial.role.trim().length).toBeGreaterThanOrEqual(2);
      expect(testimonial.content.trim().length).toBeGreaterThanOrEqual(10);
      for (const english of [testimonial.nameEn, testimonial.roleEn, testimonial.contentEn]) {
        if (english !== null) expect(english.trim()).not.toBe('');
      }
      expect(isUrlOrAbsent(testimonial.imageUrl)).toBe(true);
      expect(isUrlOrAbsent(testimonial.videoUrl)).toBe(true);
      expect(testimonial.rating).toMatch(/^[1-5]$/);
    },
  );

  it('has featured testimonials for the home page', () => {
    expect(DEMO_TESTIMONIALS.filter((testimonial) => testimonial.featured).length).toBeGreaterThan(0);
  });
});
