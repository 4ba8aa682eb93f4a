import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from '../../../lib/i18n';

/** A green dot with a ring that keeps pinging: the number beside it follows the server live. */
function LiveDot() {
  return (
    <Box as="span" position="relative" display="inline-flex" boxSize="2.5" aria-hidden>
      <Box
        as="span"
        position="absolute"
        inset="0"
        rounded="full"
        bg="green.solid"
        opacity="0.6"
        animation="ping"
        animationDuration="1.6s"
        _motionReduce={{ animation: 'none' }}
      />
      <Box as="span" position="relative" boxSize="full" rounded="full" bg="green.solid" />
    </Box>
  );
}

/** "QR codes available right now 32", beside a live badge; an ellipsis until the first list arrives. */
export function LiveCount({ count, loading }: { count: number; loading: boolean }) {
  const { t } = useTranslation();

  return (
    <Flex
      align="center"
      wrap="wrap"
      gap={{ base: '2', md: '3' }}
      px={{ base: '4', md: '5' }}
      py="3"
      rounded="2xl"
      borderWidth="1px"
      borderColor="colorPalette.border"
      bg="colorPalette.subtle"
      alignSelf="flex-start"
      aria-live="polite"
      aria-atomic
      aria-busy={loading}
    >
      <HStack gap="1.5" px="2.5" py="1" rounded="full" bg="bg" fontSize="xs" fontWeight="semibold" color="green.fg">
        <LiveDot />
        {t('try.live')}
      </HStack>
      <Text as="span" fontWeight="medium">
        {t('try.availableLabel')}
      </Text>
      <Text
        as="span"
        fontSize="2xl"
        fontWeight="bold"
        color="colorPalette.fg"
        fontVariantNumeric="tabular-nums"
        lineHeight="1"
        minW="3ch"
        data-testid="available-count"
      >
        {loading ? '…' : t('try.availableCount', { count })}
      </Text>
    </Flex>
  );
}
