import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { CustomReactionRecord, Reaction, ReactionCategory } from './reaction';
import { canonicalReactionName, PRESET_REACTIONS } from './preset-reactions';
import { unstorableField } from '../shared/storable-text';

/**
 * Emoji names are written with or without colons (':jp:' and 'jp' are the same); Slack adds a
 * skin tone as '::skin-tone-N' (`+1::skin-tone-3`), which does not change the prompt.
 */
export function normalizeReactionName(name: string): string {
  return name
    .trim()
    .replace(/^:+|:+$/g, '')
    .replace(/(?:::skin-tone-\d(?:-\d)?)+$/, '')
    .toLowerCase();
}

/** Which emoji a name means: normalised, then under its canonical name (`:thumbsup:` → `+1`). */
export function reactionEmoji(name: string): string {
  return canonicalReactionName(normalizeReactionName(name));
}

export interface CustomReactionDraft {
  /** Set when editing an existing custom reaction. */
  readonly id?: string;
  readonly name: string;
  readonly prompt: string;
  readonly category?: ReactionCategory;
}

/**
 * What never stands in a Slack emoji name: Slack's reaction events name the emoji (`tada`),
 * never the emoji itself (🎉), and names have no spaces or inner colons. A reaction saved under
 * such a name would never fire.
 */
const NOT_IN_EMOJI_NAMES = /[\s:]|\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/**
 * Custom reaction checks in order: a NUL character or a lone surrogate in the name or the
 * prompt (`INPUT.UNSUPPORTED_CHARACTERS`, the server's input guard's text, with `params.field`
 * naming the field that holds it), then spec 5's: name required, the name is an emoji's name as
 * Slack sends it (not the emoji itself), prompt text required, name unique among the
 * workspace's reactions (presets included, the edited one excluded).
 */
export function validateCustomReaction(
  draft: CustomReactionDraft,
  existing: readonly CustomReactionRecord[],
): Outcome<{ name: string; prompt: string; category: ReactionCategory }> {
  const unstorable = unstorableField({ name: draft.name, prompt: draft.prompt });
  if (unstorable) return fail('INPUT.UNSUPPORTED_CHARACTERS', { field: unstorable });
  const name = normalizeReactionName(draft.name);
  if (name === '') return fail('REACTION.NAME_REQUIRED');
  if (NOT_IN_EMOJI_NAMES.test(name)) return fail('REACTION.NAME_NOT_EMOJI_NAME');
  const prompt = draft.prompt.trim();
  if (prompt === '') return fail('REACTION.PROMPT_REQUIRED');
  // The same emoji under another of its names is taken too: Slack sends one name for both.
  const emoji = reactionEmoji(name);
  const taken =
    PRESET_REACTIONS.some((p) => reactionEmoji(p.name) === emoji) ||
    existing.some((r) => r.id !== draft.id && reactionEmoji(r.name) === emoji);
  if (taken) return fail('REACTION.NAME_EXISTS', { name });
  return ok({ name, prompt, category: draft.category ?? 'custom' });
}

export function allReactions(custom: readonly CustomReactionRecord[]): Reaction[] {
  return [
    // The prompt is what runs: what a preset does (for the page) stays out of jobs and answers.
    ...PRESET_REACTIONS.map(({ name, prompt, category, kind }) => ({ name, prompt, category, kind })),
    ...custom.map((r) => ({ name: r.name, prompt: r.prompt, category: r.category, kind: 'custom' as const })),
  ];
}

/** The reaction an emoji triggers, or null when the emoji is not a reaction prompt. */
export function findReaction(emoji: string, custom: readonly CustomReactionRecord[]): Reaction | null {
  const name = reactionEmoji(emoji);
  return allReactions(custom).find((r) => reactionEmoji(r.name) === name) ?? null;
}

/**
 * The Reactions page search: case-insensitive substring of name, prompt or the words the page
 * shows for what a preset does (`meaning`, in the page's language: 翻訳 finds the translations
 * on the Japanese page); an empty query lists everything. An empty result shows 'No reactions
 * found matching your search.'
 */
export function searchReactions<T extends Pick<Reaction, 'name' | 'prompt'> & { readonly meaning?: string }>(
  reactions: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...reactions];
  return reactions.filter((r) => [r.name, r.prompt, r.meaning ?? ''].some((text) => text.toLowerCase().includes(needle)));
}
