/**
 * The limits the spec fixes (section 5), declared once: the backend's DTOs validate with them and
 * publish them in the OpenAPI document, the web app's forms check them before sending. Lengths are
 * counted after trimming.
 */

/** The longest URL any field takes (a post's thumbnail, a testimonial's picture and video). */
export const URL_MAX_LENGTH = 2048;

/** The longest e-mail address (RFC 5321's limit on a path). */
export const EMAIL_MAX_LENGTH = 254;

export const POST_LIMITS = {
  title: { min: 5, max: 40 },
  titleEn: { max: 80 },
  content: { min: 50, max: 1200 },
  contentEn: { max: 2400 },
  excerpt: { min: 20, max: 100 },
  excerptEn: { max: 200 },
  slug: { min: 1, max: 30 },
  thumbnailUrl: { max: URL_MAX_LENGTH },
} as const;

/** The longest search the admin's post list takes. */
export const POST_SEARCH_MAX_LENGTH = 100;

/** The contact and partner forms: the same rules. */
export const INQUIRY_LIMITS = {
  name: { min: 2, max: 100 },
  email: { max: EMAIL_MAX_LENGTH },
  phone: { max: 30 },
  message: { min: 10, max: 5000 },
} as const;

/** The newsletter's subscribe form. */
export const SUBSCRIBER_LIMITS = {
  email: { max: EMAIL_MAX_LENGTH },
} as const;

export const TESTIMONIAL_LIMITS = {
  name: { min: 2, max: 100 },
  nameEn: { max: 100 },
  role: { min: 2, max: 100 },
  roleEn: { max: 100 },
  content: { min: 10, max: 2000 },
  contentEn: { max: 4000 },
  imageUrl: { max: URL_MAX_LENGTH },
  videoUrl: { max: URL_MAX_LENGTH },
} as const;

/** How many QR codes one admin request creates. */
export const QR_GENERATE_LIMITS = {
  count: { min: 1, max: 1000 },
} as const;

/** How long after sending the giver may take the message back and record again (spec: 24 hours). */
export const TAKE_BACK_HOURS = 24;
