/**
 * Slack's text (events, conversations.history/replies) escapes its three control characters:
 * `&` as `&amp;`, `<` as `&lt;`, `>` as `&gt;` (its formatting reference, "Escaping text"), so
 * that `<…>` can only be its own markup (mentions, links). What a person typed is the text with
 * those undone: `List&lt;String&gt;` was `List<String>`, `&amp;&amp;` was `&&`. One pass, so a
 * literally typed `&lt;` (sent as `&amp;lt;`) stays `&lt;`.
 */
export function unescapeSlackEntities(text: string): string {
  return text.replace(/&(amp|lt|gt);/g, (_all, name: string) => (name === 'amp' ? '&' : name === 'lt' ? '<' : '>'));
}
