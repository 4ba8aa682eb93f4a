import { Box, chakra, Heading, HStack, IconButton, Text } from '@chakra-ui/react';
import { Pause, Play } from 'lucide-react';
import { useId } from 'react';
import { Tooltip } from '../../../components/tooltip';
import { useTranslation } from '../../../lib/i18n';
import { useHeroCarousel } from '../hooks/use-hero-carousel';

const SLIDES = ['flowers', 'record', 'watch'] as const;

/**
 * The hero's three slides (WAI-ARIA carousel pattern). All slides are stacked in one grid cell,
 * so the hero is as tall as its tallest slide from the first (server) render on: no layout shift
 * when scripts start or slides change. Only the current slide is visible and exposed.
 */
export function HeroCarousel() {
  const { t } = useTranslation();
  const slidesId = useId();
  const { index, goTo, canAutoPlay, autoPlay, toggleAutoPlay, running, regionProps } = useHeroCarousel(SLIDES.length);

  return (
    <Box
      as="section"
      aria-roledescription={t('home.hero.roleDescription')}
      aria-label={t('home.hero.label')}
      // Vertical scrolling stays with the browser; sideways movement is ours to read as a swipe.
      touchAction="pan-y"
      {...regionProps}
    >
      <Box id={slidesId} display="grid" aria-live={running ? 'off' : 'polite'}>
        {SLIDES.map((slide, slideIndex) => {
          const current = slideIndex === index;
          return (
            <Box
              key={slide}
              role="group"
              aria-roledescription={t('home.hero.slideRoleDescription')}
              aria-label={t('home.hero.slideLabel', { index: slideIndex + 1, total: SLIDES.length })}
              aria-hidden={!current || undefined}
              inert={!current}
              gridArea="1 / 1"
              opacity={current ? 1 : 0}
              visibility={current ? 'visible' : 'hidden'}
              transform={current ? 'none' : 'translateY(8px)'}
              transition="opacity 0.6s ease, transform 0.6s ease, visibility 0.6s"
              _motionReduce={{ transition: 'none', transform: 'none' }}
            >
              <Heading
                as="h2"
                fontSize={{ base: '3xl', md: '5xl', lg: '6xl' }}
                lineHeight="1.2"
                letterSpacing="tight"
                fontWeight="extrabold"
              >
                {t(`home.hero.slides.${slide}.title`)}
              </Heading>
              <Text mt="5" fontSize={{ base: 'md', md: 'xl' }} color="fg.muted" lineHeight="1.8" maxW="2xl">
                {t(`home.hero.slides.${slide}.text`)}
              </Text>
            </Box>
          );
        })}
      </Box>

      <HStack mt="6" gap="1" ms="-3">
        <HStack role="group" aria-label={t('home.hero.dotsLabel')} gap="0">
          {SLIDES.map((slide, slideIndex) => {
            const current = slideIndex === index;
            return (
              <Tooltip key={slide} label={t('home.hero.goToSlide', { index: slideIndex + 1 })}>
                <chakra.button
                  type="button"
                  aria-label={t('home.hero.goToSlide', { index: slideIndex + 1 })}
                  aria-controls={slidesId}
                  aria-current={current || undefined}
                  onClick={() => goTo(slideIndex)}
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  minW="11"
                  h="11"
                  rounded="full"
                  cursor="pointer"
                  focusVisibleRing="outside"
                >
                  <Box
                    as="span"
                    h="2.5"
                    w={current ? '7' : '2.5'}
                    rounded="full"
                    bg={current ? 'colorPalette.solid' : 'colorPalette.emphasized'}
                    transition="width 0.3s ease, background-color 0.3s ease"
                    _motionReduce={{ transition: 'none' }}
                  />
                </chakra.button>
              </Tooltip>
            );
          })}
        </HStack>
        {/* Shown only once we know motion is allowed; hidden until then, it takes no room, so nothing
            shifts, and its styles come with the page instead of being written while the app starts. */}
        <Tooltip label={autoPlay ? t('home.hero.pause') : t('home.hero.play')}>
          <IconButton
            hidden={!canAutoPlay}
            variant="ghost"
            size="sm"
            minW="11"
            h="11"
            rounded="full"
            aria-label={autoPlay ? t('home.hero.pause') : t('home.hero.play')}
            onClick={toggleAutoPlay}
          >
            {autoPlay ? <Pause aria-hidden /> : <Play aria-hidden />}
          </IconButton>
        </Tooltip>
      </HStack>
    </Box>
  );
}
