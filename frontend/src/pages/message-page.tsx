import { Container, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from '../lib/i18n';
import { useParams } from 'react-router-dom';
import { PageHead } from '../components/page-head';
import { MessageView } from '../features/message/components/message-view';

/** Where a scanned QR code lands (/v/:qrToken): record or upload a message, or watch it. */
export function MessagePage() {
  const { t } = useTranslation();
  const { qrToken = '' } = useParams();

  return (
    <>
      {/* Each code's page is private to its giver and recipient: keep it out of search results. */}
      <PageHead title={t('message.title')} description={t('message.description')} noIndex />
      {/* At least a screen tall: the footer stays below the fold while the code's state loads,
          instead of jumping down when it arrives. */}
      <Container
        maxW="xl"
        minH="calc(100svh - var(--chakra-sizes-16))"
        px={{ base: '4', md: '6' }}
        pt={{ base: '6', md: '12' }}
        pb={{ base: '12', md: '20' }}
      >
        <Stack gap="4">
          <Heading as="h1" size="md" textAlign="center" color="colorPalette.fg" letterSpacing="wide">
            {t('message.heading')}
          </Heading>
          {/* A new code in the address starts from scratch. */}
          <MessageView key={qrToken} qrToken={qrToken} />
        </Stack>
      </Container>
    </>
  );
}
