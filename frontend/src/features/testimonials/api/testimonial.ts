import type { ApiSchemas } from '../../../lib/api-client';
import type { Language } from '../../../lib/i18n';

/** A testimonial as the API returns it (featured list and admin calls); absent optional fields are null. */
export type Testimonial = ApiSchemas['Testimonial'];

/** What a card shows, already in the visitor's language. */
export interface TestimonialView {
  name: string;
  role: string;
  content: string;
  rating: number;
  imageUrl: string | null;
}

export const DEFAULT_RATING = 5;
const MIN_RATING = 1;
const MAX_RATING = 5;

/**
 * Stars to show for a stored rating: the spec keeps it as a numeric string and falls back to 5
 * when it cannot be read; out-of-range values are clamped so a card never shows 0 or 7 stars.
 */
export function parseRating(rating: string | null | undefined): number {
  const text = rating?.trim() ?? '';
  const value = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) return DEFAULT_RATING;
  return Math.min(MAX_RATING, Math.max(MIN_RATING, Math.round(value)));
}

// English is used field by field: a testimonial translated only in part shows Korean for the rest.
const pick = (base: string, english: string | null | undefined, language: Language) =>
  language === 'en' && english && english.trim() !== '' ? english : base;

export function localizeTestimonial(testimonial: Testimonial, language: Language): TestimonialView {
  return {
    name: pick(testimonial.name, testimonial.nameEn, language),
    role: pick(testimonial.role, testimonial.roleEn, language),
    content: pick(testimonial.content, testimonial.contentEn, language),
    rating: parseRating(testimonial.rating),
    imageUrl: testimonial.imageUrl?.trim() ? testimonial.imageUrl : null,
  };
}

/** The avatar letter when there is no photo: the name's first character, upper-cased. */
export function avatarInitial(name: string): string {
  const [first = ''] = Array.from(name.trim());
  return first.toUpperCase();
}
