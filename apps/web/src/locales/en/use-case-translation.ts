import type { UseCaseCopy } from '../../app/messages';

// The body of /use-cases/translation; its title, description and summary are in use-cases.ts.
const useCase: UseCaseCopy = {
  title: 'Translate any message with a flag',
  lead: 'Global teams write in many languages. React to a message with a flag emoji and Tomo replies in the thread with the translation.',
  problem: 'Copying messages into a translator breaks the conversation, and product names get mistranslated.',
  steps: [
    'Use the preset translation reactions, or add custom reactions in Settings › Reactions.',
    'React to a message with a flag, for example 🇯🇵 for Japanese or 🇺🇸 for English.',
    'Tomo replies in the thread with the translation, keeping names and formatting.',
    'Add a glossary to your workspace instructions so product terms are always translated the same way.',
  ],
  examples: ['React with 🇯🇵 on an English release note', '@Tomo translate this customer email into polite business Japanese'],
  worksWith: ['Emoji reaction trigger', 'Preset and custom reactions (Translation category)', 'Workspace instructions for glossaries'],
};

export default useCase;
