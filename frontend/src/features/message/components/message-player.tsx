import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { CalendarClock, Download } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import type { Message } from '../api/message';
import { formatDateTime } from '../format';

/** The recipient's view of a ready message: the player, when it goes, and a way to keep it. */
export function MessagePlayer({ message }: { message: Message }) {
  const { t, i18n } = useTranslation();
  const deletedOn = formatDateTime(message.expiresAt, i18n.language);

  return (
    <Stack gap="5">
      <Heading as="h2" size="xl" textAlign="center" lineHeight="1.35">
        {t('message.player.title')}
      </Heading>
      {/* A frame of fixed height, the video fitted inside it: the page does not move when the
          video's own size becomes known, whether it was filmed upright or across. */}
      <Box bg="black" rounded="2xl" overflow="hidden" h={{ base: '65svh', md: '70svh' }} maxH="40rem">
        {/* playsinline: iPhones would otherwise open their full-screen player on play. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a giver's recording comes with no captions to offer */}
        <video
          controls
          playsInline
          preload="metadata"
          poster={message.posterUrl ?? undefined}
          src={message.videoUrl ?? undefined}
          aria-label={t('message.player.label')}
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      </Box>
      <Stack gap="3" align="center" textAlign="center">
        <Text display="inline-flex" alignItems="center" gap="2" fontWeight="medium">
          <CalendarClock aria-hidden size={18} />
          {t('message.player.deletedOn', { date: deletedOn })}
        </Text>
        {message.downloadUrl && (
          <Button asChild rounded="full" size="lg" minW="52">
            <a href={message.downloadUrl} download>
              <Download aria-hidden />
              {t('message.player.download')}
            </a>
          </Button>
        )}
        <Text fontSize="sm" color="fg.muted">
          {t('message.player.downloadHint')}
        </Text>
      </Stack>
    </Stack>
  );
}
