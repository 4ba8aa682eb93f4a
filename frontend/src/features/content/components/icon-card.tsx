import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';

interface IconCardProps {
  icon: LucideIcon;
  title: string;
  text: string;
  testId: string;
  /** Small cards in a dense grid (ten target businesses) use a tighter layout. */
  compact?: boolean;
}

/** A list item card with an icon badge, a title and a short text. Render it inside a <ul>. */
export function IconCard({ icon: Icon, title, text, testId, compact = false }: IconCardProps) {
  return (
    <Box
      as="li"
      data-testid={testId}
      borderWidth="1px"
      borderColor="border.muted"
      rounded="2xl"
      p={compact ? '4' : { base: '5', md: '6' }}
      bg="bg"
      shadow="xs"
    >
      <Flex
        align="center"
        justify="center"
        boxSize={compact ? '10' : '12'}
        rounded="xl"
        bg="colorPalette.subtle"
        color="colorPalette.fg"
        mb={compact ? '3' : '4'}
      >
        <Icon aria-hidden size={compact ? 20 : 24} />
      </Flex>
      <Heading as="h3" size={compact ? 'sm' : 'md'} mb="2">
        {title}
      </Heading>
      <Text fontSize="sm" color="fg.muted" lineHeight="1.7">
        {text}
      </Text>
    </Box>
  );
}
