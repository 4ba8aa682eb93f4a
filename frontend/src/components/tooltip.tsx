import { Portal, Tooltip as ChakraTooltip } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/** The spec's open delay: a pointer resting on a control this long shows its name. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/**
 * The spec's skip delay: within this long of leaving a control whose tooltip shows, the next
 * control's tooltip opens at once. Chakra's tooltip (Ark UI, zag.js) opens the next one at once
 * while the previous is still open or closing, so its close delay is that window.
 */
export const TOOLTIP_SKIP_DELAY_MS = 300;

interface TooltipProps {
  /** The control's name, in the language shown: the same text as its aria-label. */
  label: string;
  /** The control: one element that takes a ref and the trigger's handlers (a button). */
  children: ReactElement;
}

/**
 * The name of an icon-only control, shown above it when a pointer rests on it or keyboard focus
 * reaches it. Touch never opens it (a tap is not a hover, and focus from a tap is not keyboard
 * focus), so a tap on a phone leaves nothing open.
 */
export function Tooltip({ label, children }: TooltipProps) {
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
