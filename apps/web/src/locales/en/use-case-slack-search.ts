import type { UseCaseCopy } from '../../app/messages';

// The body of /use-cases/slack-search; its title, description and summary are in use-cases.ts.
const useCase: UseCaseCopy = {
  title: 'Find the answer that is already in Slack',
  lead: '“Didn’t we decide this in March?” Ask Tomo, and it searches the messages you can see and answers with links to the original threads.',
  problem: 'Slack search needs the right keywords, and the answer is often spread across several threads.',
  steps: [
    'Connect Slack search once in Settings › Integrations (search:read permission).',
    'Ask your question in plain words, in a channel or a DM.',
    'Tomo searches with your permissions — it only finds what you could find yourself.',
    'The answer summarizes what it found and links each source message.',
  ],
  examples: [
    '@Tomo what did we decide about the offsite budget, and who approved it?',
    '@Tomo find the last three incidents involving the billing service and summarize the causes',
  ],
  worksWith: ['Slack integration (search:read)', 'Your own Slack permissions', 'Custom instructions for answer format'],
};

export default useCase;
