/**
 * The ten scenario cards shown when no featured testimonial can be shown (none yet, or the call
 * failed). Their texts live in the translations under testimonials.scenarios.<id>.
 */
export const FALLBACK_SCENARIOS = [
  'couple',
  'colleagues',
  'family',
  'wedding',
  'teacher',
  'florist',
  'bakery',
  'longDistance',
  'memorial',
  'abroad',
] as const;

export type FallbackScenario = (typeof FALLBACK_SCENARIOS)[number];
