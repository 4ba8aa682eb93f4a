import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface AdminTableProps {
  label: string;
  /** The header row's cells. */
  columns: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/** A page of records as a table that scrolls sideways on a phone. */
export function AdminTable({ label, columns, children }: AdminTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>{columns}</Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
