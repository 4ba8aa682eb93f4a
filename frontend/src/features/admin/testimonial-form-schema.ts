import { TESTIMONIAL_LIMITS } from '@giftcast/contract/limits';
import type { TFunction } from '../../lib/i18n';
import * as z from 'zod/mini';
import type { Testimonial, TestimonialInput } from './api/use-admin-testimonials';
import { optionalHttpUrl, trimmedText } from '../../lib/text-field-schema';
import { optionalTextsForApi, optionalTextsForForm } from './optional-texts';

export const RATINGS = ['1', '2', '3', '4', '5'] as const;

export function createTestimonialSchema(t: TFunction) {
  const L = TESTIMONIAL_LIMITS;
  const invalidUrl = t('admin.testimonials.validation.url');
  // Each bound's text names its own field's limit.
  const maxOf = (key: 'nameMax' | 'roleMax', limit: { max: number }) =>
    t(`admin.testimonials.validation.${key}`, limit);
  return z.object({
    name: trimmedText(L.name, {
      min: t('admin.testimonials.validation.nameMin', L.name),
      max: maxOf('nameMax', L.name),
    }),
    nameEn: trimmedText(L.nameEn, { max: maxOf('nameMax', L.nameEn) }),
    role: trimmedText(L.role, { min: t('admin.testimonials.validation.roleMin'), max: maxOf('roleMax', L.role) }),
    roleEn: trimmedText(L.roleEn, { max: maxOf('roleMax', L.roleEn) }),
    content: trimmedText(L.content, {
      min: t('admin.testimonials.validation.contentMin', L.content),
      max: t('admin.testimonials.validation.contentMax', L.content),
    }),
    contentEn: trimmedText(L.contentEn, { max: t('admin.testimonials.validation.contentEnMax', L.contentEn) }),
    imageUrl: optionalHttpUrl(L.imageUrl, invalidUrl),
    videoUrl: optionalHttpUrl(L.videoUrl, invalidUrl),
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

const OPTIONAL_TEXTS = ['nameEn', 'roleEn', 'contentEn', 'imageUrl', 'videoUrl'] as const;

export function testimonialToFormValues(testimonial: Testimonial): TestimonialFormValues {
  const { name, role, content, featured } = testimonial;
  return {
    name,
    role,
    content,
    featured,
    ...optionalTextsForForm(testimonial, OPTIONAL_TEXTS),
    // The column is free text; anything but 1-5 reads as the default 5, as on the site.
    rating: /^[1-5]$/.test(testimonial.rating) ? testimonial.rating : '5',
  };
}

export function testimonialFormToInput(values: TestimonialFormOutput): TestimonialInput {
  return { ...values, ...optionalTextsForApi(values, OPTIONAL_TEXTS) };
}
