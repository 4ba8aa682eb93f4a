import { Box, Card, Flex, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { Star } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { avatarInitial, type TestimonialView } from '../api/testimonial';

const AVATAR_SIZE = 48;
const MAX_STARS = 5;

function Avatar({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  const common = { boxSize: `${AVATAR_SIZE}px`, rounded: 'full', flexShrink: 0 } as const;
  // The name is written beside it, so the picture adds nothing for screen readers.
  if (imageUrl) {
    return (
      <Image
        src={imageUrl}
        alt=""
        htmlWidth={AVATAR_SIZE}
        htmlHeight={AVATAR_SIZE}
        loading="lazy"
        objectFit="cover"
        {...common}
      />
    );
  }
  return (
    <Flex
      aria-hidden
      data-testid="testimonial-initial"
      align="center"
      justify="center"
      bg="colorPalette.muted"
      color="colorPalette.fg"
      fontWeight="bold"
      fontSize="lg"
      {...common}
    >
      {avatarInitial(name)}
    </Flex>
  );
}

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <HStack role="img" aria-label={t('testimonials.ratingLabel', { rating })} gap="0.5" color="orange.400">
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <Star
          key={index}
          aria-hidden
          size={18}
          fill={index < rating ? 'currentColor' : 'none'}
          strokeWidth={index < rating ? 1.5 : 1.25}
          opacity={index < rating ? 1 : 0.45}
        />
      ))}
    </HStack>
  );
}

export function TestimonialCard({ testimonial }: { testimonial: TestimonialView }) {
  const { name, role, content, rating, imageUrl } = testimonial;
  return (
    <Card.Root as="article" variant="outline" h="full" rounded="2xl" bg="bg">
      <Card.Body gap="4" p={{ base: '5', md: '6' }}>
        <Stars rating={rating} />
        <Text as="blockquote" flex="1" lineHeight="1.8" color="fg">
          {content}
        </Text>
        <HStack gap="3">
          <Avatar name={name} imageUrl={imageUrl} />
          <Stack gap="0" minW="0">
            <Text as="h3" fontWeight="semibold">
              {name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {role}
            </Text>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** The shape of a card while testimonials load, so the section does not jump when they arrive. */
export function TestimonialCardSkeleton() {
  const bar = { bg: 'bg.emphasized', rounded: 'md' } as const;
  return (
    <Box
      data-testid="testimonial-skeleton"
      aria-hidden
      h="full"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      p={{ base: '5', md: '6' }}
      animation="pulse"
      _motionReduce={{ animation: 'none' }}
    >
      <Stack gap="4">
        <Box {...bar} h="4" w="28" />
        <Box {...bar} h="3" w="full" />
        <Box {...bar} h="3" w="full" />
        <Box {...bar} h="3" w="2/3" />
        <HStack gap="3">
          <Box {...bar} boxSize={`${AVATAR_SIZE}px`} rounded="full" />
          <Stack gap="2" flex="1">
            <Box {...bar} h="3" w="24" />
            <Box {...bar} h="3" w="32" />
          </Stack>
        </HStack>
      </Stack>
    </Box>
  );
}
