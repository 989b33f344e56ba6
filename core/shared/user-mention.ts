/**
 * Whether Slack message text mentions one user: `<@U…>` or `<@U…|label>`. Slack's user ids do
 * not all have the same length (`U` and 8 or 10 characters, `W…` on Enterprise Grid), so a
 * bare prefix test (`includes('<@U123')`) also matched `<@U123AB>`, another person whose id
 * starts with the one looked for.
 */
export function mentionsUser(text: string, userId: string): boolean {
  if (userId === '') return false;
  for (let at = text.indexOf(`<@${userId}`); at !== -1; at = text.indexOf(`<@${userId}`, at + 1)) {
    const next = text[at + 2 + userId.length];
    if (next === '>' || next === '|') return true;
  }
  return false;
}
