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

/**
 * The other way: text a person typed (an app name, a title) put into a Slack message or a
 * mrkdwn block as what it says. Slack reads `<…>` as its own markup, so an app name
 * `<!channel>` would notify everyone in the channel and `<https://…|Sign in>` would be a link;
 * escaped, they show as typed. Never for plain_text fields (usernames, headers, buttons),
 * which Slack shows as they are.
 */
export function escapeSlackText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
