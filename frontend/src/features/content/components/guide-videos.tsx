import { Box, chakra, Tabs, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation, type Language } from '../../../lib/i18n';

const VIDEOS = ['intro', 'tutorial'] as const;

type VideoId = (typeof VIDEOS)[number];

/**
 * Made by frontend/scripts/make-how-videos.sh, one per language since the captions are drawn into
 * the picture; all are 1280x720 so the player keeps its box.
 */
function mediaOf(id: VideoId, language: Language) {
  return { src: `/media/how-${id}-${language}.mp4`, poster: `/media/how-${id}-${language}.jpg` };
}

const VIDEO_WIDTH = 1280;
const VIDEO_HEIGHT = 720;

/** The two guide videos of /how behind accessible tabs; the intro video is shown first. */
export function GuideVideos() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const players = useRef(new Map<VideoId, HTMLVideoElement>());

  // A hidden panel must not keep talking: leaving a tab pauses its video.
  function pauseOthers(shown: string) {
    for (const [id, video] of players.current) {
      if (id !== shown && !video.paused) video.pause();
    }
  }

  return (
    <Tabs.Root defaultValue="intro" onValueChange={({ value }) => pauseOthers(value)}>
      <Tabs.List
        aria-label={t('how.tabsLabel')}
        display="inline-flex"
        gap="1"
        p="1"
        mb="6"
        rounded="full"
        bg="bg.muted"
        maxW="full"
      >
        {VIDEOS.map((id) => (
          <Tabs.Trigger
            key={id}
            value={id}
            minH="11"
            px={{ base: '4', md: '6' }}
            rounded="full"
            fontWeight="semibold"
            fontSize={{ base: 'sm', md: 'md' }}
            color="fg.muted"
            cursor="pointer"
            transition="background 0.2s, color 0.2s"
            _motionReduce={{ transition: 'none' }}
            _hover={{ color: 'fg' }}
            _selected={{ bg: 'bg', color: 'colorPalette.fg', shadow: 'sm' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
          >
            {t(`how.videos.${id}.tab`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {VIDEOS.map((id) => (
        <Tabs.Content
          key={id}
          value={id}
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
        >
          <Box rounded="2xl" overflow="hidden" borderWidth="1px" borderColor="border.muted" shadow="md" bg="black">
            {/* A new element per language: a changed <source> alone is not loaded again. */}
            <chakra.video
              key={language}
              ref={(element: HTMLVideoElement | null) => {
                if (element) players.current.set(id, element);
                else players.current.delete(id);
              }}
              data-testid={`how-video-${id}`}
              aria-label={t(`how.videos.${id}.label`)}
              controls
              playsInline
              preload="metadata"
              poster={mediaOf(id, language).poster}
              htmlWidth={VIDEO_WIDTH}
              htmlHeight={VIDEO_HEIGHT}
              display="block"
              w="full"
              h="auto"
            >
              <source src={mediaOf(id, language).src} type="video/mp4" />
              {t('how.videoFallback')}
            </chakra.video>
          </Box>
          <Text mt="4" color="fg.muted" lineHeight="1.8" maxW="3xl">
            {t(`how.videos.${id}.summary`)}
          </Text>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
