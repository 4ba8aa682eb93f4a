import { Box, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';

const QUESTIONS = ['account', 'retention', 'upload', 'refund'] as const;
type Question = (typeof QUESTIONS)[number];

/** Arrow keys, Home and End move between the questions, as in the WAI-ARIA accordion pattern. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
  const edge = { Home: 0, End: -1 }[event.key];
  if (step === undefined && edge === undefined) return;
  const triggers = [
    ...(event.currentTarget.closest('[data-faq]')?.querySelectorAll<HTMLButtonElement>('[data-faq-trigger]') ?? []),
  ];
  const index = triggers.indexOf(event.currentTarget);
  const next = edge !== undefined ? triggers.at(edge) : triggers[(index + step! + triggers.length) % triggers.length];
  event.preventDefault();
  next?.focus();
}

/**
 * The support centre's four questions: one answer open at a time, and the open one closes when
 * its question is clicked again. A disclosure per question (a button in a heading, controlling its
 * answer), without a height animation, so there is no motion to reduce.
 */
export function SupportFaq() {
  const { t } = useTranslation();
  const headingId = useId();
  const idPrefix = useId();
  const [open, setOpen] = useState<Question | null>(null);

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Stack gap="5">
        <Heading as="h2" size="2xl" id={headingId}>
          {t('support.faqHeading')}
        </Heading>
        <Box data-faq borderTopWidth="1px" borderColor="border">
          {QUESTIONS.map((question) => {
            const expanded = open === question;
            const triggerId = `${idPrefix}-${question}-question`;
            const answerId = `${idPrefix}-${question}-answer`;
            return (
              <Box key={question} borderBottomWidth="1px" borderColor="border">
                <Heading as="h3" size="md">
                  <chakra.button
                    type="button"
                    id={triggerId}
                    data-faq-trigger
                    aria-expanded={expanded}
                    aria-controls={answerId}
                    onClick={() => setOpen(expanded ? null : question)}
                    onKeyDown={moveFocus}
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
                    _focusVisible={{
                      outline: '2px solid',
                      outlineColor: 'colorPalette.focusRing',
                      outlineOffset: '2px',
                    }}
                  >
                    {t(`support.faq.${question}.question`)}
                    <Box
                      as="span"
                      display="flex"
                      flexShrink={0}
                      color="fg.muted"
                      transform={expanded ? 'rotate(180deg)' : undefined}
                    >
                      <ChevronDown aria-hidden size={20} />
                    </Box>
                  </chakra.button>
                </Heading>
                <Box role="region" id={answerId} aria-labelledby={triggerId} hidden={!expanded} pb="5">
                  <Text color="fg.muted" lineHeight="1.8">
                    {t(`support.faq.${question}.answer`)}
                  </Text>
                </Box>
              </Box>
            );
          })}
        </Box>
      </Stack>
    </Box>
  );
}
