// A record's optional texts are null in the API when absent and '' in its editor's form.

/** The form's value of each of `keys`: '' where the record has none. */
export function optionalTextsForForm<Key extends string>(
  record: Readonly<Record<Key, string | null | undefined>>,
  keys: readonly Key[],
): Record<Key, string> {
  return Object.fromEntries(keys.map((key) => [key, record[key] ?? ''])) as Record<Key, string>;
}

/** What the API is sent for each of `keys`: null where the form's value is empty. */
export function optionalTextsForApi<Key extends string>(
  values: Readonly<Record<Key, string>>,
  keys: readonly Key[],
): Record<Key, string | null> {
  return Object.fromEntries(keys.map((key) => [key, values[key] === '' ? null : values[key]])) as Record<
    Key,
    string | null
  >;
}
