import { Box, Container, Heading, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Language } from '../../../lib/i18n';
import { localizeTestimonial, DEFAULT_RATING, type TestimonialView } from '../api/testimonial';
import { useFeaturedTestimonials } from '../api/use-featured-testimonials';
import { FALLBACK_SCENARIOS } from '../fallback-scenarios';
import { TestimonialCard, TestimonialCardSkeleton } from './testimonial-card';

const HEADING_ID = 'testimonials-heading';
const SKELETON_COUNT = 3;

function CardGrid({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <SimpleGrid
      as="ul"
      listStyleType="none"
      columns={{ base: 1, md: 2, lg: 3 }}
      gap={{ base: '4', md: '6' }}
      aria-busy={busy || undefined}
    >
      {children}
    </SimpleGrid>
  );
}

export function TestimonialsSection() {
  const { t, i18n } = useTranslation();
  const { data, isPending } = useFeaturedTestimonials();
  const language: Language = i18n.language === 'en' ? 'en' : 'ko';

  let content: ReactNode;
  if (isPending) {
    content = (
      <>
        <VisuallyHidden role="status">{t('testimonials.loading')}</VisuallyHidden>
        <CardGrid busy>
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <li key={index}>
              <TestimonialCardSkeleton />
            </li>
          ))}
        </CardGrid>
      </>
    );
  } else {
    // An error, no data or an empty list all show the scenarios: the section is never blank.
    const cards: [string, TestimonialView][] =
      data && data.length > 0
        ? data.map((testimonial) => [testimonial.id, localizeTestimonial(testimonial, language)])
        : FALLBACK_SCENARIOS.map((id) => [
            id,
            {
              name: t(`testimonials.scenarios.${id}.name`),
              role: t(`testimonials.scenarios.${id}.role`),
              content: t(`testimonials.scenarios.${id}.content`),
              rating: DEFAULT_RATING,
              imageUrl: null,
            },
          ]);
    content = (
      <CardGrid>
        {cards.map(([key, view]) => (
          <li key={key}>
            <TestimonialCard testimonial={view} />
          </li>
        ))}
      </CardGrid>
    );
  }

  return (
    <Box as="section" aria-labelledby={HEADING_ID} py={{ base: '14', md: '20' }} bg="colorPalette.subtle">
      <Container maxW="6xl">
        <Stack gap="3" mb={{ base: '8', md: '10' }} textAlign="center" align="center">
          <Heading as="h2" id={HEADING_ID} size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            {t('testimonials.heading')}
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            {t('testimonials.intro')}
          </Text>
        </Stack>
        {content}
      </Container>
    </Box>
  );
}
