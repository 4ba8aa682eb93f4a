import { useTranslation } from '../../../lib/i18n';
import { blogFeedUrl } from '../post-url';

/** The blog's feed in the language shown, as every blog page names it in its head. */
export function useBlogFeed(): { title: string; href: string } {
  const { t, i18n } = useTranslation();
  return { title: t('blog.feedTitle'), href: blogFeedUrl(i18n.language === 'en' ? 'en' : 'ko') };
}
