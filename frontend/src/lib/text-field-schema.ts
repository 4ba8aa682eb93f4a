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

/**
 * An e-mail address field: '' or over `limit.max` characters or not an address, one message for
 * all. Like the backend (`EmailAddress`), it takes no quoted local part (`"x?cc=…"@example.com`):
 * zod's address pattern, named here so that it stays the one, is a dot-atom of letters, digits and
 * `_'+-` at a domain with a top-level domain, narrower than what the backend takes.
 */
export function emailAddress(limit: { max: number }, message: string) {
  return trimmedText(limit, { max: message }, z.email({ pattern: z.regexes.email, error: message }));
}

/** An absolute http(s) URL, what the backend's URL fields accept. */
export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** An optional http(s) URL field: '' or a URL of at most `limit.max` characters, one message for both. */
export function optionalHttpUrl(limit: { max: number }, message: string) {
  return trimmedText(
    limit,
    { max: message },
    z.refine((value) => value === '' || isHttpUrl(value), message),
  );
}
