import { Box, Text } from '@chakra-ui/react';

interface AdminCountProps {
  label: string;
  /** Unknown until the list has loaded. */
  value: number | undefined;
  testId: string;
}

/** One count of a screen's records (a term and its value, inside the screen's `dl`). */
export function AdminCount({ label, value, testId }: AdminCountProps) {
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid={testId}>
      <Text as="dt" textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" textStyle="2xl" fontWeight="bold">
        {value ?? '–'}
      </Text>
    </Box>
  );
}
