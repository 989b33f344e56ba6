import type { UseCaseCopy } from '../../app/messages';

// The body of /use-cases/google-search; its title, description and summary are in use-cases.ts.
const useCase: UseCaseCopy = {
  title: 'Current answers from the web, with sources',
  lead: 'Ask about a new regulation, a competitor’s announcement or an error message, and Tomo searches the web, reads the pages and answers with links.',
  problem: 'A language model alone only knows what it learned in training, and people copy questions into a browser to check what changed.',
  steps: [
    'Tomo decides when a question needs fresh information and runs a search.',
    'It reads the top results — 1 per answer on the free trial, 3 on Entry, 5 on Standard and 10 on Premium.',
    'Web browsing opens any link you paste, so you can point it at the exact source.',
    'The answer cites the pages it used, so anyone in the thread can verify it.',
  ],
  examples: [
    '@Tomo what changed in the latest release of our payment provider’s API? Cite the changelog.',
    '@Tomo compare the opening hours of the three venues in this thread.',
  ],
  worksWith: ['Search plugin', 'Web browsing plugin', 'External search results, read at question time'],
};

export default useCase;
