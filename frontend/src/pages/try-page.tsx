import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { Sparkles } from 'lucide-react';
import { useTranslation } from '../lib/i18n';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';
import { AvailableCodes } from '../features/try/components/available-codes';

const INTRO_LINES = ['try.intro', 'try.introDownload', 'try.introRecord', 'try.introWatch'] as const;

export function TryPage() {
  const { t } = useTranslation();

  return (
    <>
      <PageHead title={t('try.title')} description={t('try.description')} />
      <PageIntro heading={t('try.heading')}>
        <Stack gap="2" fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" lineHeight="1.8">
          {INTRO_LINES.map((key) => (
            <Text key={key}>{t(key)}</Text>
          ))}
        </Stack>
        <Flex as="p" align="flex-start" gap="2" fontWeight="semibold" color="colorPalette.fg" fontSize={{ md: 'lg' }}>
          <Box as="span" flexShrink={0} mt="1" aria-hidden>
            <Sparkles size={20} />
          </Box>
          {t('try.highlight')}
        </Flex>
      </PageIntro>
      <AvailableCodes />
    </>
  );
}
