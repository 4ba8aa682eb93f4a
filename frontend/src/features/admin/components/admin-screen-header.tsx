import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface AdminScreenHeaderProps {
  title: string;
  description: ReactNode;
  /** The screen's main action (a new record, an export), beside the title on wide screens. */
  action?: ReactNode;
}

/** The top of an admin screen: its h1, what it is for, and its main action. */
export function AdminScreenHeader({ title, description, action }: AdminScreenHeaderProps) {
  return (
    <Flex justify="space-between" align="center" gap="4" wrap="wrap">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{description}</Text>
      </Stack>
      {action}
    </Flex>
  );
}
