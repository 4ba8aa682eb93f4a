import { Box, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';

export interface LegalSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

interface LegalDocumentProps {
  /** Prefix of the section anchors (`privacy-1`, `terms-12`). */
  idPrefix: string;
  heading: string;
  intro: string;
  effective: string;
  contentsLabel: string;
  sections: LegalSection[];
}

/**
 * A policy or terms document: an h1, the effective date, a table of contents and one h2 per
 * section. The text column stays near 70 characters wide so long legal prose remains readable.
 */
export function LegalDocument({ idPrefix, heading, intro, effective, contentsLabel, sections }: LegalDocumentProps) {
  return (
    <Container maxW="6xl" py={{ base: '10', md: '16' }}>
      <Stack as="article" gap="10" maxW="70ch" mx="auto">
        <Stack as="header" gap="4">
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }} letterSpacing="tight">
            {heading}
          </Heading>
          <Text data-testid="legal-effective" fontSize="sm" fontWeight="semibold" color="colorPalette.fg">
            {effective}
          </Text>
          <Text color="fg.muted" lineHeight="1.8">
            {intro}
          </Text>
        </Stack>

        <Box as="nav" aria-label={contentsLabel} bg="bg.muted" rounded="2xl" p={{ base: '5', md: '6' }}>
          <Text fontWeight="semibold" mb="3">
            {contentsLabel}
          </Text>
          <Box as="ol" listStyleType="none" display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="1">
            {sections.map((section, index) => (
              <li key={section.title}>
                <Link
                  href={`#${idPrefix}-${index + 1}`}
                  display="inline-flex"
                  alignItems="center"
                  minH="11"
                  fontSize="sm"
                  color="fg.muted"
                  _hover={{ color: 'colorPalette.fg' }}
                >
                  {section.title}
                </Link>
              </li>
            ))}
          </Box>
        </Box>

        {sections.map((section, index) => (
          <Box
            as="section"
            key={section.title}
            id={`${idPrefix}-${index + 1}`}
            aria-labelledby={`${idPrefix}-${index + 1}-heading`}
            data-testid="legal-section"
          >
            <Heading as="h2" id={`${idPrefix}-${index + 1}-heading`} size="lg" mb="3">
              {section.title}
            </Heading>
            <Stack gap="3" lineHeight="1.8">
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph}>{paragraph}</Text>
              ))}
              {section.items && (
                <Box as="ul" listStyleType="disc" ps="6" display="grid" gap="1.5">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </Box>
              )}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Container>
  );
}
