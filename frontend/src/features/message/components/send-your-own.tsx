import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Gift } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { PageLink } from '../../../components/page-link';

/** The invitation under a watched or deleted message: send one of your own from /try. */
export function SendYourOwn() {
  const { t } = useTranslation();

  return (
    <Stack
      as="section"
      aria-labelledby="send-your-own"
      gap="3"
      align="center"
      textAlign="center"
      bg="colorPalette.subtle"
      rounded="2xl"
      px={{ base: '5', md: '8' }}
      py="8"
    >
      <Box color="colorPalette.fg" aria-hidden>
        <Gift size={28} />
      </Box>
      <Heading as="h2" id="send-your-own" size="lg">
        {t('message.invite.title')}
      </Heading>
      <Text color="fg.muted">{t('message.invite.text')}</Text>
      <Button asChild rounded="full" size="lg" mt="1">
        <PageLink to="/try">{t('message.invite.cta')}</PageLink>
      </Button>
    </Stack>
  );
}
