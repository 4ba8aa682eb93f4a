import { Accordion, Box, Heading, Stack, Text } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const QUESTIONS = ['account', 'retention', 'upload', 'refund'] as const;

/**
 * The support centre's four questions: one answer open at a time, and the open one closes when
 * its question is clicked again. Styled here (unstyled root) so it needs no accordion recipe,
 * and without a height animation, so there is no motion to reduce.
 */
export function SupportFaq() {
  const { t } = useTranslation();
  const headingId = useId();

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Stack gap="5">
        <Heading as="h2" size="2xl" id={headingId}>
          {t('support.faqHeading')}
        </Heading>
        <Accordion.Root unstyled collapsible borderTopWidth="1px" borderColor="border">
          {QUESTIONS.map((question) => (
            <Accordion.Item key={question} value={question} unstyled borderBottomWidth="1px" borderColor="border">
              <Heading as="h3" size="md">
                <Accordion.ItemTrigger
                  unstyled
                  display="flex"
                  alignItems="center"
                  justifyContent="space-between"
                  gap="4"
                  width="full"
                  minHeight="12"
                  py="4"
                  textAlign="start"
                  fontWeight="semibold"
                  cursor="pointer"
                  rounded="md"
                  _hover={{ color: 'colorPalette.fg' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
                >
                  {t(`support.faq.${question}.question`)}
                  <Accordion.ItemIndicator unstyled display="flex" flexShrink={0} color="fg.muted" _open={{ transform: 'rotate(180deg)' }}>
                    <ChevronDown aria-hidden size={20} />
                  </Accordion.ItemIndicator>
                </Accordion.ItemTrigger>
              </Heading>
              <Accordion.ItemContent unstyled>
                <Accordion.ItemBody unstyled pb="5">
                  <Text color="fg.muted" lineHeight="1.8">
                    {t(`support.faq.${question}.answer`)}
                  </Text>
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </Stack>
    </Box>
  );
}
