import { Box, Container, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface ContentSectionProps {
  /** Unique on the page: names the section for screen readers (aria-labelledby) and anchors. */
  id: string;
  heading: string;
  intro?: ReactNode;
  /** A tinted band sets a section apart from its neighbours. */
  tinted?: boolean;
  children: ReactNode;
}

/** One titled band of a content page: an h2, an optional lead line and its content. */
export function ContentSection({ id, heading, intro, tinted = false, children }: ContentSectionProps) {
  const headingId = `${id}-heading`;

  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={headingId}
      py={{ base: '12', md: '16' }}
      bg={tinted ? 'colorPalette.subtle' : undefined}
    >
      <Container maxW="6xl">
        <Heading as="h2" id={headingId} size={{ base: '2xl', md: '3xl' }} letterSpacing="tight" mb={intro ? '3' : '8'}>
          {heading}
        </Heading>
        {intro && (
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.8" maxW="3xl" mb="8">
            {intro}
          </Text>
        )}
        {children}
      </Container>
    </Box>
  );
}
