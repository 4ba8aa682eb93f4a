import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '../lib/i18n';

/** Shown when a page throws or its code fails to load (e.g. an old tab after a deploy). */
export function RouteError() {
  const { t } = useTranslation();

  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }}>
      <Stack gap="5" role="alert">
        <Heading as="h1" size="2xl">
          {t('routeError.heading')}
        </Heading>
        <Text color="fg.muted">{t('routeError.text')}</Text>
        <Button alignSelf="flex-start" rounded="full" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      </Stack>
    </Container>
  );
}
