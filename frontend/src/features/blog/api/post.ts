import type { Language } from '../../../lib/i18n';
import type { Post } from '../../../lib/post';

export interface LocalizedPost {
  title: string;
  excerpt: string;
  content: string;
}

// English is used field by field: a post translated only in part shows Korean for the rest.
const pick = (korean: string, english: string | null | undefined, language: Language) =>
  language === 'en' && english && english.trim() !== '' ? english : korean;

export function localizePost(post: Post, language: Language): LocalizedPost {
  return {
    title: pick(post.title, post.titleEn, language),
    excerpt: pick(post.excerpt, post.excerptEn, language),
    content: pick(post.content, post.contentEn, language),
  };
}
