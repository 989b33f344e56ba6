/**
 * PostgreSQL stores neither a NUL character (text columns refuse byte 0x00, jsonb refuses
 * `\u0000`) nor a lone UTF-16 surrogate (jsonb refuses the escape; a text column would get
 * U+FFFD instead, silently changing what was typed). Input holding either is refused at the
 * edge with `INPUT.UNSUPPORTED_CHARACTERS` instead of failing deep inside a query.
 */
// Without the `u` flag the pattern sees UTF-16 code units, so a lone surrogate is matchable.
// eslint-disable-next-line no-control-regex
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string holds a character PostgreSQL cannot store as typed. */
export function isUnstorableText(text: string): boolean {
  return unstorable.test(text);
}

/** True when any string anywhere in the value (keys included, any depth) is unstorable. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isUnstorableText(value);
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => isUnstorableText(key) || hasUnstorableText(item, depth + 1));
}

/**
 * The first of a form's fields (in the order given) whose text PostgreSQL cannot store, or
 * null: the rules refuse it with `INPUT.UNSUPPORTED_CHARACTERS` naming that field (`params.field`),
 * so a page shows the message under the input holding the character.
 */
export function unstorableField<K extends string>(fields: Readonly<Record<K, string>>): K | null {
  for (const [field, text] of Object.entries(fields) as [K, string][]) {
    if (isUnstorableText(text)) return field;
  }
  return null;
}
