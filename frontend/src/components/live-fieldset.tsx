import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * A form's controls, disabled until the page's scripts have taken over. The server-rendered form
 * shows at once, but before then a submit would do nothing and typed text could be replaced.
 * Lays out as if it were not there.
 */
export function LiveFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <chakra.fieldset disabled={!hydrated} display="contents" border="0" p="0" m="0" minW="0">
      {children}
    </chakra.fieldset>
  );
}
