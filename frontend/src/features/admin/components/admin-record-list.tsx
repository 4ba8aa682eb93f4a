import { Card, Flex, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AdminListStates, type AdminListQuery, type AdminListTexts } from './admin-list-states';

interface AdminRecordListProps<Item> {
  query: AdminListQuery;
  /** One page of records. */
  items: Item[];
  /** `label` names the list. */
  texts: AdminListTexts & { label: string };
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
  return (
    <AdminListStates query={query} isEmpty={items.length === 0} texts={texts}>
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
    </AdminListStates>
  );
}
