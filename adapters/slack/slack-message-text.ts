/** A legacy secondary attachment, as bots post them (alerts, CI, deploys): the parts a person reads. */
export interface SlackAttachment {
  fallback?: string;
  pretext?: string;
  title?: string;
  text?: string;
  fields?: { title?: string; value?: string }[];
  /** Set on link and message unfurls: Slack's preview of a URL, not something the author wrote. */
  from_url?: string;
  original_url?: string;
  is_app_unfurl?: boolean;
}

/**
 * What a message says: its text, then what its attachments say. Many bots (monitoring, CI,
 * IFTTT…) post only attachments, with an empty `text`, so without them an auto-reply, a
 * reaction or a summary would read nothing. Unfurls are left out: they preview a link, which
 * the link readers read (fenced as untrusted) when the question needs it.
 */
export function slackMessageText(message: { text?: string; attachments?: SlackAttachment[] }): string {
  const parts = [message.text ?? ''];
  for (const attachment of message.attachments ?? []) {
    if (attachment.from_url !== undefined || attachment.original_url !== undefined || attachment.is_app_unfurl === true) continue;
    const fields = (attachment.fields ?? []).map((field) => [field.title, field.value].filter(filled).join(': '));
    const own = [attachment.pretext, attachment.title, attachment.text, ...fields].filter(filled);
    parts.push(...(own.length > 0 ? own : [attachment.fallback]).filter(filled));
  }
  return parts.filter(filled).join('\n');
}

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
