import * as z from 'zod/mini';

type TextCheck = Parameters<ReturnType<typeof z.string>['check']>[number];

interface LengthLimits {
  min?: number;
  max?: number;
}

/**
 * A form's text field as every form here takes it: trimmed, then held to its length limits (a
 * message for each), then to any further checks (pattern, URL, e-mail), in that order.
 */
export function trimmedText<Limits extends LengthLimits>(
  limits: Limits,
  messages: { [Bound in keyof Limits]: string },
  ...checks: TextCheck[]
) {
  const { min, max } = limits;
  const { min: minMessage, max: maxMessage } = messages as { min?: string; max?: string };
  return z
    .string()
    .check(
      z.trim(),
      ...(min === undefined ? [] : [z.minLength(min, minMessage)]),
      ...(max === undefined ? [] : [z.maxLength(max, maxMessage)]),
      ...checks,
    );
}
