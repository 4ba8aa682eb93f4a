import { POST_LIMITS } from '@giftcast/contract/limits';
import type { TFunction } from '../../lib/i18n';
// zod/mini, as the public forms use: sharing one zod core with them, the console's schemas
// cannot pull the whole of full zod into the visitors' bundle.
import * as z from 'zod/mini';
import type { Post } from '../../lib/post';
import { optionalHttpUrl, trimmedText } from '../../lib/text-field-schema';
import type { PostInput } from './api/admin-post';
import { optionalTextsForApi, optionalTextsForForm } from './optional-texts';

/** Lowercases and turns every character other than a-z, 0-9 and '-' into '-'. */
export function toSlug(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9-]/g, '-');
}

export function createPostSchema(t: TFunction) {
  const L = POST_LIMITS;
  return z.object({
    title: trimmedText(L.title, {
      min: t('admin.validation.titleMin', L.title),
      max: t('admin.validation.titleMax', L.title),
    }),
    titleEn: trimmedText(L.titleEn, { max: t('admin.validation.titleEnMax', L.titleEn) }),
    content: trimmedText(L.content, {
      min: t('admin.validation.contentMin', L.content),
      max: t('admin.validation.contentMax', L.content),
    }),
    contentEn: trimmedText(L.contentEn, { max: t('admin.validation.contentEnMax', L.contentEn) }),
    excerpt: trimmedText(L.excerpt, {
      min: t('admin.validation.excerptMin', L.excerpt),
      max: t('admin.validation.excerptMax', L.excerpt),
    }),
    excerptEn: trimmedText(L.excerptEn, { max: t('admin.validation.excerptEnMax', L.excerptEn) }),
    // Too long a URL is refused as not a URL, as the backend words it.
    thumbnailUrl: optionalHttpUrl(L.thumbnailUrl, t('admin.validation.urlInvalid')),
    slug: trimmedText(
      L.slug,
      { min: t('admin.validation.slugRequired'), max: t('admin.validation.slugMax', L.slug) },
      z.regex(/^[a-z0-9-]+$/, t('admin.validation.slugPattern')),
    ),
    published: z.boolean(),
  });
}

export type PostFormValues = z.input<ReturnType<typeof createPostSchema>>;
export type PostFormOutput = z.output<ReturnType<typeof createPostSchema>>;
export type PostField = keyof PostFormValues;

export const emptyPostValues: PostFormValues = {
  title: '',
  titleEn: '',
  content: '',
  contentEn: '',
  excerpt: '',
  excerptEn: '',
  thumbnailUrl: '',
  slug: '',
  published: false,
};

const OPTIONAL_TEXTS = ['titleEn', 'contentEn', 'excerptEn', 'thumbnailUrl'] as const;

export function postToFormValues(post: Post): PostFormValues {
  const { title, content, excerpt, slug, published } = post;
  return { title, content, excerpt, slug, published, ...optionalTextsForForm(post, OPTIONAL_TEXTS) };
}

export function formValuesToInput(values: PostFormOutput): PostInput {
  return { ...values, ...optionalTextsForApi(values, OPTIONAL_TEXTS) };
}
