import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface StatePanelProps {
  icon: ReactNode;
  tone?: 'neutral' | 'success' | 'warning' | 'error';
  title: string;
  text?: ReactNode;
  children?: ReactNode;
}

const toneColors = {
  neutral: { bg: 'colorPalette.subtle', color: 'colorPalette.fg' },
  success: { bg: 'green.subtle', color: 'green.fg' },
  warning: { bg: 'orange.subtle', color: 'orange.fg' },
  error: { bg: 'red.subtle', color: 'red.fg' },
} as const;

/** One state of a code's page: an icon, its heading and what to do next. */
export function StatePanel({ icon, tone = 'neutral', title, text, children }: StatePanelProps) {
  return (
    <Stack
      gap="5"
      align="center"
      textAlign="center"
      borderWidth="1px"
      borderColor="border.muted"
      rounded="2xl"
      px={{ base: '5', md: '8' }}
      py={{ base: '8', md: '10' }}
      shadow="sm"
    >
      <Flex align="center" justify="center" boxSize="14" rounded="full" {...toneColors[tone]}>
        {icon}
      </Flex>
      <Stack gap="2">
        <Heading as="h2" size="xl" lineHeight="1.35">
          {title}
        </Heading>
        {text && (
          <Text color="fg.muted" lineHeight="1.7">
            {text}
          </Text>
        )}
      </Stack>
      {children && (
        <Stack gap="3" w="full" align="center">
          {children}
        </Stack>
      )}
    </Stack>
  );
}

export const stateIconProps = { 'aria-hidden': true, size: 28 } as const;
