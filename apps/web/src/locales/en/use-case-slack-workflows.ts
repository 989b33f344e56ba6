import type { UseCaseCopy } from '../../app/messages';

// The body of /use-cases/slack-workflows; its title, description and summary are in use-cases.ts.
const useCase: UseCaseCopy = {
  title: 'Routine requests that run themselves',
  lead: 'Tomo can be a step in a Slack workflow, a daily summary at 9:00, or the first responder to an alert bot.',
  problem: 'Teams repeat the same requests — summarize, classify, explain the alert — every day by hand.',
  steps: [
    'Add Tomo to a Slack workflow to draft a reply or classify a form submission.',
    'Schedule a channel summary at a local time with the look-back you need.',
    'Set an auto-reply for a specific bot — monitoring, CI, forms — with an instruction for what to do with its messages. Each bot needs a seat, and Tomo must be a member of the bot’s channel.',
    'Review the results in the thread and adjust the instruction at any time.',
  ],
  examples: [
    'Auto-reply to the monitoring bot: “Explain the alert in one paragraph and suggest the first check.”',
    'Schedule for #customer-feedback: summary at 09:00 covering the last day.',
  ],
  worksWith: ['Slack Workflow Builder', 'Settings › Schedules', 'Settings › Auto replies', 'External services that post through bots'],
};

export default useCase;
