/** One piece of a post's body, in reading order. */
export type BodyBlock = { kind: 'break' } | { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string };

/** The spec's minimum length of a sub-heading, in characters as a reader counts them. */
export const MIN_HEADING_LENGTH = 3;

// "1. Intro", "12) Tips": a number, '.' or ')', then a space.
const NUMBERED = /^\d+[.)] /u;

// A keycap emoji (1️⃣ #️⃣ *️⃣) starts with an ASCII digit or sign, so the symbol test misses it.
const KEYCAP = /^[0-9#*]\uFE0F?\u20E3/u;

// What counts as a "symbol" that opens a sub-heading:
// - \p{So}: dingbats, arrows, shapes and emoji (★ ✔ ■ ↗ 🎁, flags), with or without a variation
//   selector after them (only the first code point is tested);
// - \p{Extended_Pictographic}: emoji that Unicode files under punctuation (‼ ⁉);
// - \p{Sm} outside ASCII: arrows and signs such as → ⇒ that writers use as markers.
// Not markers: ASCII math signs (+82…, <공지>, =), currency (₩10,000…, $5…) and modifier marks
// (^ `), which open ordinary sentences; bullets '•' '·' and '-' '(' are punctuation, so list
// items stay paragraphs; letters (Hangul, Latin) and digits without "N. " are text.
const SYMBOL = /^(?:[\p{So}\p{Extended_Pictographic}]|(?![+<=>|~])\p{Sm})/u;

const graphemes =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/**
 * Characters as a reader sees them: "✔️" (check + variation selector) and "👍🏽" are one each,
 * where String.length would say two or four.
 */
export function characterCount(text: string): number {
  return graphemes ? Array.from(graphemes.segment(text)).length : Array.from(text).length;
}

/** Whether a trimmed, non-blank line is a sub-heading under the spec's rule. */
export function isSubHeading(line: string): boolean {
  if (characterCount(line) < MIN_HEADING_LENGTH) return false;
  return NUMBERED.test(line) || KEYCAP.test(line) || SYMBOL.test(line);
}

/**
 * Splits a post's plain-text body into blocks: each blank line is a break, a sub-heading line
 * a heading, any other line a paragraph. Lines are trimmed first (so "1. " alone is "1." and
 * not a heading); blank lines before the first and after the last line of text are dropped, so
 * the body never opens or closes with empty space.
 */
export function parsePostBody(content: string): BodyBlock[] {
  const lines = content.split(/\r\n|\r|\n/).map((line) => line.trim());
  const first = lines.findIndex((line) => line !== '');
  if (first === -1) return [];
  const last = lines.findLastIndex((line) => line !== '');

  return lines.slice(first, last + 1).map((line): BodyBlock => {
    if (line === '') return { kind: 'break' };
    return isSubHeading(line) ? { kind: 'heading', text: line } : { kind: 'paragraph', text: line };
  });
}
