import { Card, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadingState } from '../../../components/loading-state';
import { isUnauthorized } from '../api/admin-request';

interface AdminRecordListProps<Item> {
  /** The list's query; a rejected session shows nothing here (the console returns to the login). */
  query: { isLoading: boolean; isError: boolean; error: unknown };
  /** One page of records. */
  items: Item[];
  texts: { label: string; loading: string; fetchFailed: string; empty: string };
  /** Marks each record's card, for tests. */
  testId: string;
  itemKey: (item: Item) => string;
  /** The record's heading and details. */
  summary: (item: Item) => ReactNode;
  /** Its buttons, beside the summary on wide screens and under it on phones. */
  actions: (item: Item) => ReactNode;
}

/** A page of records as the admin screens show them: loading, failed, empty, or one card each. */
export function AdminRecordList<Item>({
  query,
  items,
  texts,
  testId,
  itemKey,
  summary,
  actions,
}: AdminRecordListProps<Item>) {
  if (query.isLoading) return <LoadingState label={texts.loading} />;
  if (query.isError && !isUnauthorized(query.error)) return <Text color="fg.error">{texts.fetchFailed}</Text>;
  if (items.length === 0) return <Text color="fg.muted">{texts.empty}</Text>;

  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={texts.label}>
      {items.map((item) => (
        <Card.Root as="li" key={itemKey(item)} size="sm" variant="outline" data-testid={testId}>
          <Card.Body>
            <Flex
              gap="3"
              justify="space-between"
              align={{ base: 'stretch', md: 'center' }}
              direction={{ base: 'column', md: 'row' }}
            >
              <Stack gap="1" minW="0">
                {summary(item)}
              </Stack>
              <Flex gap="2" flexShrink={0}>
                {actions(item)}
              </Flex>
            </Flex>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
