/**
 * Bot scopes Tomo asks for at install; `manifest.json` lists the same ones (a unit test keeps
 * them in step). Each is here for a feature of the spec.
 */
export const SLACK_BOT_SCOPES = [
  'app_mentions:read', // mentions in channels
  'channels:history', // thread follow-ups and thread context in public channels
  'groups:history', // … in private channels
  'im:history', // direct messages
  'mpim:history', // group direct messages
  'chat:write', // answers, refusals (also ephemeral), summaries, greetings, DMs to a schedule's owner, assistant status
  'assistant:write', // the AI-app view: its events, suggested prompts, thread titles
  'chat:write.customize', // custom app name and icon per workspace
  'users:read', // names in the thread, the asker's language, the Members page, bots.info for bot messages
  'channels:read', // channel lists (instructions, schedules), joins (greeting), conversations.info, users.conversations
  'groups:read',
  'im:read',
  'mpim:read',
  'team:read', // the workspace name
  'reactions:read', // emoji-reaction prompts (reaction_added)
  'reactions:write', // the "thinking" reaction where a status cannot be shown
  'files:read', // file readers
  'files:write', // generated images and Save-as-PDF files (files.uploadV2)
  'im:write', // conversations.open: the DM a PDF goes to
  'commands', // the "Save as PDF" message shortcut
] as const;
