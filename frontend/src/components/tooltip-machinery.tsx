import { Portal, Tooltip as ChakraTooltip } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip-delays';

interface MachineTooltipProps {
  label: string;
  children: ReactElement;
}

/**
 * Chakra's tooltip (Ark UI, zag.js and floating-ui: some 13 KiB of script), a chunk of its own that
 * components/tooltip.tsx loads once a mouse or a keyboard is in use.
 */
export function MachineTooltip({ label, children }: MachineTooltipProps) {
  return (
    <ChakraTooltip.Root
      openDelay={TOOLTIP_OPEN_DELAY_MS}
      closeDelay={TOOLTIP_SKIP_DELAY_MS}
      positioning={{ placement: 'top' }}
    >
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{label}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
