import { POST_LIMITS } from '@giftcast/contract/limits';
import type { TFunction } from '../../lib/i18n';
// zod/mini, as the public forms use: sharing one zod core with them, the console's schemas
// cannot pull the whole of full zod into the visitors' bundle.
import * as z from 'zod/mini';
import type { Post } from '../../lib/post';
import { trimmedText } from '../../lib/text-field-schema';
import type { PostInput } from './api/admin-post';

/** Lowercases and turns every character other than a-z, 0-9 and '-' into '-'. */
export function toSlug(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9-]/g, '-');
}

/** An absolute http(s) URL, what the backend's URL fields accept. */
export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export function createPostSchema(t: TFunction) {
  const L = POST_LIMITS;
  // Too long a URL is refused as not a URL, as the backend words it.
  const urlInvalid = t('admin.validation.urlInvalid');
  return z.object({
    title: trimmedText(L.title, { min: t('admin.validation.titleMin'), max: t('admin.validation.titleMax') }),
    titleEn: trimmedText(L.titleEn, { max: t('admin.validation.titleEnMax') }),
    content: trimmedText(L.content, { min: t('admin.validation.contentMin'), max: t('admin.validation.contentMax') }),
    contentEn: trimmedText(L.contentEn, { max: t('admin.validation.contentEnMax') }),
    excerpt: trimmedText(L.excerpt, { min: t('admin.validation.excerptMin'), max: t('admin.validation.excerptMax') }),
    excerptEn: trimmedText(L.excerptEn, { max: t('admin.validation.excerptEnMax') }),
    thumbnailUrl: trimmedText(
      L.thumbnailUrl,
      { max: urlInvalid },
      z.refine((value) => value === '' || isHttpUrl(value), urlInvalid),
    ),
    slug: trimmedText(
      L.slug,
      { min: t('admin.validation.slugRequired'), max: t('admin.validation.slugMax') },
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

export function postToFormValues(post: Post): PostFormValues {
  return {
    title: post.title,
    titleEn: post.titleEn ?? '',
    content: post.content,
    contentEn: post.contentEn ?? '',
    excerpt: post.excerpt,
    excerptEn: post.excerptEn ?? '',
    thumbnailUrl: post.thumbnailUrl ?? '',
    slug: post.slug,
    published: post.published,
  };
}

// Optional fields left empty are sent as null, as the API stores them.
const orNull = (value: string) => (value === '' ? null : value);

export function formValuesToInput(values: PostFormOutput): PostInput {
  return {
    title: values.title,
    titleEn: orNull(values.titleEn),
    content: values.content,
    contentEn: orNull(values.contentEn),
    excerpt: values.excerpt,
    excerptEn: orNull(values.excerptEn),
    thumbnailUrl: orNull(values.thumbnailUrl),
    slug: values.slug,
    published: values.published,
  };
}
