import type { InstructionLevel } from './instruction';
import { INSTRUCTION_LEVELS } from './instruction';

/** The system-wide instruction Tomo ships with; a stored system instruction replaces it. */
export function defaultSystemInstruction(appName: string): string {
  return [
    `You are ${appName}, an assistant inside a Slack workspace.`,
    'Answer in the language the question was asked in, concisely, using Slack formatting.',
    'Say so when you do not know, and never invent facts, links or people.',
  ].join('\n');
}

const HEADINGS: Readonly<Record<InstructionLevel, string>> = {
  system: 'System instructions',
  workspace: 'Workspace instructions',
  channel: 'Channel instructions',
  user: 'User instructions',
};

export const PRECEDENCE_NOTE =
  'If these instructions conflict, follow the more specific one: user instructions over channel instructions, ' +
  'channel over workspace, workspace over system.';

export type InstructionTexts = Partial<Record<InstructionLevel, string | null>>;

/**
 * One system prompt from the four levels, most general first: system, workspace, channel,
 * user. Empty levels are left out. With more than one level a closing note states the
 * precedence (more specific wins). See docs/instructions.md.
 */
export function composeSystemPrompt(texts: InstructionTexts): string {
  const sections = INSTRUCTION_LEVELS.flatMap((level) => {
    const text = texts[level]?.trim();
    return text ? [`## ${HEADINGS[level]}\n${text}`] : [];
  });
  if (sections.length > 1) sections.push(PRECEDENCE_NOTE);
  return sections.join('\n\n');
}
