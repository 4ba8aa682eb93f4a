import { Button, type ButtonProps } from '@chakra-ui/react';
import { useTranslation } from '../lib/i18n';
import { trackEvent } from '../lib/analytics';
import { changeLanguage, prefetchLanguage, type Language } from '../lib/i18n';
import { withIntent } from '../lib/intent';

async function switchTo(language: Language): Promise<void> {
  await changeLanguage(language);
  trackEvent('language_change', { category: 'engagement', label: `change_to_${language}` });
}

/**
 * Shows the language you can switch to: 'EN' while Korean is shown, '한국어' while English is. A
 * pointer over it, a finger on it or focus on it fetches that language's texts ahead of the click.
 */
export function LanguageToggle({ onPointerEnter, onTouchStart, onFocus, ...props }: ButtonProps) {
  const { t, i18n } = useTranslation();
  const target = i18n.language === 'en' ? 'ko' : 'en';

  return (
    <Button
      variant="outline"
      size="sm"
      minW="16"
      aria-label={t('language.switchLabel')}
      lang={t('language.toggleLang')}
      onClick={() => void switchTo(target)}
      {...withIntent({ onPointerEnter, onTouchStart, onFocus }, () => prefetchLanguage(target))}
      {...props}
    >
      {t('language.toggle')}
    </Button>
  );
}
