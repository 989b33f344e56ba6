import type { Reaction } from './reaction';

/**
 * What a preset does, for the Reactions page to say in the page's language (the catalogue's
 * `reactions.does.<key>`; `translate` with the language's name). The prompt itself stays English.
 */
export type PresetAction = 'explain' | 'summarise' | 'key-points' | 'check' | 'rewrite' | 'translate';

/** A preset reaction with what it does: `language` (BCP 47) for `translate` only. */
export interface PresetReaction extends Reaction {
  readonly kind: 'preset';
  readonly does: PresetAction;
  readonly language?: string;
}

/** The language the preset prompts are written in (a page in it shows them as its own words). */
export const PRESET_PROMPT_LOCALE = 'en';

/**
 * One emoji with every short name Slack knows it by: the first name is the canonical one
 * (what `reaction_added` usually sends), the others are aliases people type.
 */
interface PresetGroup {
  readonly names: readonly string[];
  readonly prompt: string;
  readonly category: Reaction['category'];
  readonly does: PresetAction;
  readonly language?: string;
}

const explanation = (does: Exclude<PresetAction, 'translate'>, names: readonly string[], prompt: string): PresetGroup => ({
  names,
  prompt,
  category: 'explanation',
  does,
});
/**
 * `code` (BCP 47) names the language on the page (Intl.DisplayNames, in the page's language);
 * `language` is the English name the model reads, kept as worded before the codes.
 */
const translation = (names: readonly string[], code: string, language: string): PresetGroup => ({
  names,
  prompt:
    `Translate the message into ${language}. Keep its meaning, tone, formatting, names, mentions and links; ` +
    'reply with the translation only.',
  category: 'translation',
  does: 'translate',
  language: code,
});

/**
 * Reactions every workspace has (spec 1: "emoji-reaction prompts (for example flag translation)").
 * Translation covers the flags of the twenty most-spoken languages (and a few more), with
 * Slack's short names and aliases; explanation emoji explain, summarise or check a message.
 * Everyday acknowledgements (eyes, +1, white_check_mark…) are deliberately not prompts.
 */
const GROUPS: readonly PresetGroup[] = [
  explanation('explain', ['question', 'grey_question'], 'Explain the message in plain words, briefly, for someone new to the topic.'),
  // Slack's `:pencil:` is 📝 (memo's alias), not ✏️ (`pencil2`).
  explanation('summarise', ['memo', 'pencil'], 'Summarise the message in three sentences or fewer.'),
  explanation('key-points', ['bulb'], 'List the key points of the message as a short bulleted list.'),
  explanation('check', ['mag'], 'Check the message for factual errors, unclear claims or missing context, and say what you found.'),
  explanation('rewrite', ['pencil2'], 'Suggest a clearer, well-written version of the message, keeping its language and meaning.'),
  translation(['us', 'flag-us', 'gb', 'flag-gb', 'uk', 'flag-au', 'flag-ca'], 'en', 'English'),
  translation(['cn', 'flag-cn'], 'zh-Hans', 'Simplified Chinese'),
  translation(['flag-tw'], 'zh-Hant', 'Traditional Chinese'),
  translation(['flag-hk'], 'yue-Hant', 'Cantonese (Traditional Chinese characters)'),
  translation(['flag-in', 'in'], 'hi', 'Hindi'),
  translation(['es', 'flag-es', 'flag-mx'], 'es', 'Spanish'),
  translation(['fr', 'flag-fr'], 'fr', 'French'),
  translation(['flag-sa', 'flag-eg', 'flag-ae'], 'ar', 'Arabic'),
  translation(['flag-bd'], 'bn', 'Bengali'),
  translation(['flag-pt', 'pt'], 'pt-PT', 'European Portuguese'),
  translation(['flag-br', 'br'], 'pt-BR', 'Brazilian Portuguese'),
  translation(['ru', 'flag-ru'], 'ru', 'Russian'),
  translation(['flag-pk'], 'ur', 'Urdu'),
  translation(['flag-id'], 'id', 'Indonesian'),
  translation(['de', 'flag-de'], 'de', 'German'),
  translation(['jp', 'flag-jp'], 'ja', 'Japanese'),
  translation(['flag-tr'], 'tr', 'Turkish'),
  translation(['flag-vn'], 'vi', 'Vietnamese'),
  translation(['kr', 'flag-kr'], 'ko', 'Korean'),
  translation(['it', 'flag-it'], 'it', 'Italian'),
  translation(['flag-th'], 'th', 'Thai'),
  translation(['flag-ir'], 'fa', 'Persian'),
  translation(['flag-ke', 'flag-tz'], 'sw', 'Swahili'),
  translation(['flag-ph'], 'fil', 'Filipino'),
  translation(['flag-pl'], 'pl', 'Polish'),
  translation(['flag-ua'], 'uk', 'Ukrainian'),
  translation(['flag-nl'], 'nl', 'Dutch'),
  translation(['flag-my'], 'ms', 'Malay'),
];

/** Every preset, one row per short name (the Reactions page lists and searches them). */
export const PRESET_REACTIONS: readonly PresetReaction[] = GROUPS.flatMap(({ names, ...group }) =>
  names.map((name) => ({ name, ...group, kind: 'preset' as const })),
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
