const request = {
  meta: {
    title: 'Request a feature',
    description:
      'Tell the Tomo team what would make the assistant more useful for your workspace: how to send a feature request, what to include and what happens next.',
  },
  header: {
    eyebrow: 'Feature requests',
    title: 'Tell us what Tomo should do next',
    lead: 'Many of Tomo’s features — scheduled summaries, reaction prompts, bot seats — started as a request from a customer. We read every one.',
  },
  how: {
    title: 'How to send a request',
    steps: [
      { title: 'Email us', body: 'Send a short email with the subject “Feature request”. The button below fills it in for you.' },
      { title: 'Or use your shared channel', body: 'Standard and Premium workspaces can post the request in their Slack Connect channel with our support team.' },
      { title: 'Or tell us on a call', body: 'Book a demo or an onboarding call and bring your list — we will write it down with you.' },
    ],
    button: 'Email a feature request',
    subject: 'Feature request',
  },
  include: {
    title: 'What helps us most',
    items: [
      'The problem you want to solve, in your own words, before any proposed solution.',
      'Who runs into it — a role, a channel, a team — and how often.',
      'An example: the message, the document or the workflow where Tomo fell short.',
      'How you handle it today, and what it costs you in time.',
    ],
  },
  next: {
    title: 'What happens next',
    items: [
      'We confirm that we received the request and ask follow-up questions if anything is unclear.',
      'We group it with similar requests; the size of that group and the problem’s impact decide its priority.',
      'When it moves onto the roadmap, we tell you, and we invite you to try it before it ships to everyone.',
    ],
  },
  roadmap: 'See what is already planned',
};

export default request;
