import type { TFunction } from 'i18next';
import * as z from 'zod/mini';
import type { Testimonial, TestimonialInput } from './api/use-admin-testimonials';
import { isHttpUrl } from './post-form-schema';

/** The spec's testimonial rules, the same numbers backend/src/testimonial/dto/testimonial.dto.ts checks. */
export const TESTIMONIAL_LIMITS = {
  name: { min: 2, max: 100 },
  nameEn: { max: 100 },
  role: { min: 2, max: 100 },
  roleEn: { max: 100 },
  content: { min: 10, max: 2000 },
  contentEn: { max: 4000 },
  url: { max: 2048 },
} as const;

export const RATINGS = ['1', '2', '3', '4', '5'] as const;

export function createTestimonialSchema(t: TFunction) {
  const L = TESTIMONIAL_LIMITS;
  const optionalUrl = z.string().check(
    z.trim(),
    z.maxLength(L.url.max, t('admin.testimonials.validation.url')),
    z.refine((value) => value === '' || isHttpUrl(value), t('admin.testimonials.validation.url')),
  );
  return z.object({
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(L.name.min, t('admin.testimonials.validation.nameMin')),
        z.maxLength(L.name.max, t('admin.testimonials.validation.nameMax')),
      ),
    nameEn: z.string().check(z.trim(), z.maxLength(L.nameEn.max, t('admin.testimonials.validation.nameMax'))),
    role: z
      .string()
      .check(
        z.trim(),
        z.minLength(L.role.min, t('admin.testimonials.validation.roleMin')),
        z.maxLength(L.role.max, t('admin.testimonials.validation.roleMax')),
      ),
    roleEn: z.string().check(z.trim(), z.maxLength(L.roleEn.max, t('admin.testimonials.validation.roleMax'))),
    content: z
      .string()
      .check(
        z.trim(),
        z.minLength(L.content.min, t('admin.testimonials.validation.contentMin')),
        z.maxLength(L.content.max, t('admin.testimonials.validation.contentMax')),
      ),
    contentEn: z
      .string()
      .check(z.trim(), z.maxLength(L.contentEn.max, t('admin.testimonials.validation.contentEnMax'))),
    imageUrl: optionalUrl,
    videoUrl: optionalUrl,
    rating: z.string().check(z.regex(/^[1-5]$/, t('admin.testimonials.validation.rating'))),
    featured: z.boolean(),
  });
}

export type TestimonialFormValues = z.input<ReturnType<typeof createTestimonialSchema>>;
export type TestimonialFormOutput = z.output<ReturnType<typeof createTestimonialSchema>>;
export type TestimonialField = keyof TestimonialFormValues;

/** A new testimonial starts with the spec's defaults: rating 5, not featured. */
export const emptyTestimonialValues: TestimonialFormValues = {
  name: '',
  nameEn: '',
  role: '',
  roleEn: '',
  content: '',
  contentEn: '',
  imageUrl: '',
  videoUrl: '',
  rating: '5',
  featured: false,
};

export function testimonialToFormValues(testimonial: Testimonial): TestimonialFormValues {
  return {
    name: testimonial.name,
    nameEn: testimonial.nameEn ?? '',
    role: testimonial.role,
    roleEn: testimonial.roleEn ?? '',
    content: testimonial.content,
    contentEn: testimonial.contentEn ?? '',
    imageUrl: testimonial.imageUrl ?? '',
    videoUrl: testimonial.videoUrl ?? '',
    // The column is free text; anything but 1-5 reads as the default 5, as on the site.
    rating: /^[1-5]$/.test(testimonial.rating) ? testimonial.rating : '5',
    featured: testimonial.featured,
  };
}

// Optional fields left empty are sent as null, as the API stores them.
const orNull = (value: string) => (value === '' ? null : value);

export function testimonialFormToInput(values: TestimonialFormOutput): TestimonialInput {
  return {
    name: values.name,
    nameEn: orNull(values.nameEn),
    role: values.role,
    roleEn: orNull(values.roleEn),
    content: values.content,
    contentEn: orNull(values.contentEn),
    imageUrl: orNull(values.imageUrl),
    videoUrl: orNull(values.videoUrl),
    rating: values.rating,
    featured: values.featured,
  };
}
