import type { UseCaseCopy } from '../../app/messages';

// The body of /use-cases/google-workspace; its title, description and summary are in use-cases.ts.
const useCase: UseCaseCopy = {
  title: 'Your Docs, Sheets and Slides, understood in Slack',
  lead: 'Share a link to a document in a thread and ask Tomo what it says, what changed, or what to do next.',
  problem: 'Important decisions live in documents that nobody has time to reread before the meeting.',
  steps: [
    'Connect Google Docs, Sheets and Slides once in Settings › Integrations, with read-only permission.',
    'Paste a link in a thread and mention @Tomo with your question.',
    'Tomo reads the document and answers in the thread: a summary, a comparison, a table or a first draft.',
    'Disconnect at any time; Tomo keeps no copy of the document.',
  ],
  examples: [
    '@Tomo list the decisions and owners in this meeting doc <link>',
    '@Tomo which region grew fastest last quarter in this sheet? <link>',
  ],
  worksWith: [
    'Google Docs, Sheets and Slides integrations (read-only scopes)',
    'Google Drive links',
    'Scheduled summaries for recurring reports',
  ],
};

export default useCase;
