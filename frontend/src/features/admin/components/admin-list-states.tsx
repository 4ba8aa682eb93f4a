import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadingState } from '../../../components/loading-state';
import { isUnauthorized } from '../api/admin-request';

/** The list's query; a rejected session shows nothing here (the console returns to the login). */
export interface AdminListQuery {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
}

export interface AdminListTexts {
  loading: string;
  fetchFailed: string;
  empty: string;
}

interface AdminListStatesProps {
  query: AdminListQuery;
  isEmpty: boolean;
  texts: AdminListTexts;
  /** The records, shown once there are some. */
  children: ReactNode;
}

/** What an admin list shows until it has records: loading, failed, or none. */
export function AdminListStates({ query, isEmpty, texts, children }: AdminListStatesProps) {
  if (query.isLoading) return <LoadingState label={texts.loading} />;
  if (query.isError && !isUnauthorized(query.error)) return <Text color="fg.error">{texts.fetchFailed}</Text>;
  if (isEmpty) return <Text color="fg.muted">{texts.empty}</Text>;
  return children;
}
