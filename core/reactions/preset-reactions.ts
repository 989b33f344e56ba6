import type { Reaction } from './reaction';

const explanation = (name: string, prompt: string): Reaction => ({ name, prompt, category: 'explanation', kind: 'preset' });
const translation = (names: readonly string[], language: string): Reaction[] =>
  names.map((name) => ({
    name,
    prompt: `Translate the message into ${language}. Reply with the translation only.`,
    category: 'translation',
    kind: 'preset',
  }));

/** Reactions every workspace has: explanation emoji and flag-emoji translation (spec 1). */
export const PRESET_REACTIONS: readonly Reaction[] = [
  explanation('question', 'Explain the message in plain words, briefly.'),
  explanation('bulb', 'Summarise the key points of the message as a short bulleted list.'),
  explanation('memo', 'Summarise the message in three sentences or fewer.'),
  ...translation(['jp', 'flag-jp'], 'Japanese'),
  ...translation(['us', 'flag-us', 'gb', 'flag-gb'], 'English'),
  ...translation(['cn', 'flag-cn'], 'Simplified Chinese'),
  ...translation(['flag-tw'], 'Traditional Chinese'),
  ...translation(['kr', 'flag-kr'], 'Korean'),
  ...translation(['fr', 'flag-fr'], 'French'),
  ...translation(['de', 'flag-de'], 'German'),
  ...translation(['es', 'flag-es'], 'Spanish'),
  ...translation(['it', 'flag-it'], 'Italian'),
  ...translation(['flag-br', 'flag-pt'], 'Portuguese'),
  ...translation(['ru', 'flag-ru'], 'Russian'),
  ...translation(['flag-vn'], 'Vietnamese'),
  ...translation(['flag-th'], 'Thai'),
  ...translation(['flag-id'], 'Indonesian'),
  ...translation(['flag-in'], 'Hindi'),
];
