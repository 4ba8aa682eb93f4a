import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PageIntroProps {
  heading: string;
  intro?: ReactNode;
  /** Anything under the intro: buttons, a note. */
  children?: ReactNode;
}

/** The opening of a page: its single h1 and a lead paragraph. */
export function PageIntro({ heading, intro, children }: PageIntroProps) {
  return (
    <Container maxW="6xl" pt={{ base: '10', md: '16' }} pb={{ base: '6', md: '10' }}>
      <Stack gap="5" maxW="3xl">
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }} lineHeight="1.25" letterSpacing="tight">
          {heading}
        </Heading>
        {intro && (
          <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" lineHeight="1.8">
            {intro}
          </Text>
        )}
        {children}
      </Stack>
    </Container>
  );
}
