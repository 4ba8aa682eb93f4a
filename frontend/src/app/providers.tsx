import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as appQueryClient } from '../lib/query-client';
import { getSystems } from './theme';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass a fresh client so cached answers never leak between them. */
  queryClient?: QueryClient;
  /** The document already carries Chakra's global styles (a prerendered page). */
  withoutGlobalStyles?: boolean;
}

export function AppProviders({
  children,
  queryClient = appQueryClient,
  withoutGlobalStyles = false,
}: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ChakraProvider value={getSystems()[withoutGlobalStyles ? 'withoutGlobalStyles' : 'system']}>
        {children}
      </ChakraProvider>
    </QueryClientProvider>
  );
}
