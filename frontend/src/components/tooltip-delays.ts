/** The spec's open delay: a pointer resting on a control this long shows its name. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/**
 * The spec's skip delay: within this long of leaving a control whose tooltip shows, the next
 * control's tooltip opens at once. Chakra's tooltip (Ark UI, zag.js) opens the next one at once
 * while the previous is still open or closing, so its close delay is that window.
 */
export const TOOLTIP_SKIP_DELAY_MS = 300;
