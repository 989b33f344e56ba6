import type { UseCaseCopy } from '../../app/messages';

// The body of /use-cases/custom-instructions; its title, description and summary are in use-cases.ts.
const useCase: UseCaseCopy = {
  title: 'Answers that sound like your team',
  lead: 'Support wants friendly, short replies with a link to the help center. Engineering wants code blocks and no small talk. Custom instructions give each of them the assistant they need.',
  problem: 'A general assistant answers everyone the same way, so people rewrite their prompt every time or give up on the answer.',
  steps: [
    'Admins set system-wide and workspace-wide instructions: company facts, names of products, what never to say.',
    'Each channel gets its own instruction, for example “answer customers politely and link the relevant help article” in #support.',
    'Each person can add their own preferences, such as “reply in Japanese” or “use bullet points”.',
    'Tomo combines all four levels for every answer and shows token counts and the soft limit while you edit.',
  ],
  examples: [
    'Channel instruction for #sales-deals: “Summaries must end with next step, owner and date.”',
    'User instruction: “I am new to the finance team; explain accounting terms in one sentence.”',
  ],
  worksWith: ['Settings › Instructions', 'Admin rights for workspace-wide rules', 'Every trigger: mentions, DMs, schedules, reactions'],
};

export default useCase;
