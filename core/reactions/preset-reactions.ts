import type { Reaction } from './reaction';

/**
 * One emoji with every short name Slack knows it by: the first name is the canonical one
 * (what `reaction_added` usually sends), the others are aliases people type.
 */
interface PresetGroup {
  readonly names: readonly string[];
  readonly prompt: string;
  readonly category: Reaction['category'];
}

const explanation = (names: readonly string[], prompt: string): PresetGroup => ({ names, prompt, category: 'explanation' });
const translation = (names: readonly string[], language: string): PresetGroup => ({
  names,
  prompt:
    `Translate the message into ${language}. Keep its meaning, tone, formatting, names, mentions and links; ` +
    'reply with the translation only.',
  category: 'translation',
});

/**
 * Reactions every workspace has (spec 1: "emoji-reaction prompts (for example flag translation)").
 * Translation covers the flags of the twenty most-spoken languages (and a few more), with
 * Slack's short names and aliases; explanation emoji explain, summarise or check a message.
 * Everyday acknowledgements (eyes, +1, white_check_mark…) are deliberately not prompts.
 */
const GROUPS: readonly PresetGroup[] = [
  explanation(['question', 'grey_question'], 'Explain the message in plain words, briefly, for someone new to the topic.'),
  // Slack's `:pencil:` is 📝 (memo's alias), not ✏️ (`pencil2`).
  explanation(['memo', 'pencil'], 'Summarise the message in three sentences or fewer.'),
  explanation(['bulb'], 'List the key points of the message as a short bulleted list.'),
  explanation(['mag'], 'Check the message for factual errors, unclear claims or missing context, and say what you found.'),
  explanation(['pencil2'], 'Suggest a clearer, well-written version of the message, keeping its language and meaning.'),
  translation(['us', 'flag-us', 'gb', 'flag-gb', 'uk', 'flag-au', 'flag-ca'], 'English'),
  translation(['cn', 'flag-cn'], 'Simplified Chinese'),
  translation(['flag-tw'], 'Traditional Chinese'),
  translation(['flag-hk'], 'Cantonese (Traditional Chinese characters)'),
  translation(['flag-in', 'in'], 'Hindi'),
  translation(['es', 'flag-es', 'flag-mx'], 'Spanish'),
  translation(['fr', 'flag-fr'], 'French'),
  translation(['flag-sa', 'flag-eg', 'flag-ae'], 'Arabic'),
  translation(['flag-bd'], 'Bengali'),
  translation(['flag-pt', 'pt'], 'European Portuguese'),
  translation(['flag-br', 'br'], 'Brazilian Portuguese'),
  translation(['ru', 'flag-ru'], 'Russian'),
  translation(['flag-pk'], 'Urdu'),
  translation(['flag-id'], 'Indonesian'),
  translation(['de', 'flag-de'], 'German'),
  translation(['jp', 'flag-jp'], 'Japanese'),
  translation(['flag-tr'], 'Turkish'),
  translation(['flag-vn'], 'Vietnamese'),
  translation(['kr', 'flag-kr'], 'Korean'),
  translation(['it', 'flag-it'], 'Italian'),
  translation(['flag-th'], 'Thai'),
  translation(['flag-ir'], 'Persian'),
  translation(['flag-ke', 'flag-tz'], 'Swahili'),
  translation(['flag-ph'], 'Filipino'),
  translation(['flag-pl'], 'Polish'),
  translation(['flag-ua'], 'Ukrainian'),
  translation(['flag-nl'], 'Dutch'),
  translation(['flag-my'], 'Malay'),
];

/** Every preset, one row per short name (the Reactions page lists and searches them). */
export const PRESET_REACTIONS: readonly Reaction[] = GROUPS.flatMap((group) =>
  group.names.map((name) => ({ name, prompt: group.prompt, category: group.category, kind: 'preset' as const })),
);

/**
 * Everyday emoji whose name in reaction_added is not the one people often type: Slack names a
 * reaction by the emoji's first short name (emoji-data's `short_names`), so 👍 added as
 * `:thumbsup:` arrives as `+1`. A custom reaction saved under the alias must still match.
 * Not every emoji's aliases: docs/slack.md, Known gaps.
 */
const SLACK_ALIASES: readonly (readonly string[])[] = [
  ['+1', 'thumbsup'],
  ['-1', 'thumbsdown'],
  ['facepunch', 'punch'],
  ['hankey', 'poop', 'shit'],
  ['laughing', 'satisfied'],
  ['hand', 'raised_hand'],
  ['runner', 'running'],
  ['boom', 'collision'],
  ['shirt', 'tshirt'],
];

const CANONICAL = new Map(
  [...GROUPS.map((group) => group.names), ...SLACK_ALIASES].flatMap((names) => names.map((name) => [name, names[0]!] as const)),
);

/**
 * The same emoji under any of its names (`flag-jp` → `jp`, `thumbsup` → `+1`): one message gets
 * one answer per emoji, whichever alias people used, and a custom reaction saved under an alias
 * matches the name Slack sends. Names that are not known aliases are their own.
 */
export function canonicalReactionName(name: string): string {
  return CANONICAL.get(name) ?? name;
}
