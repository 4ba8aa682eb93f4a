/**
 * A `mailto:` link to `address`, which an older stored row may hold in any shape: every character
 * that could end the address or start the link's query (`?`, `&`, `#`, quotes, spaces) is
 * percent-encoded, so the link opens a mail to that address and nothing else (no `cc`, no
 * `subject`). `@` stays as written, as RFC 6068 allows and every mail program reads.
 */
export function mailtoHref(address: string): string {
  return `mailto:${encodeURIComponent(address).replaceAll('%40', '@')}`;
}
