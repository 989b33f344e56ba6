const privacy = {
  meta: {
    title: 'Privacy policy',
    description:
      'What personal data Tomo collects from your Slack workspace, what it never stores, which providers process it, how long it is kept and how to exercise your rights.',
  },
  eyebrow: 'Legal',
  document: {
    title: 'Privacy policy',
    lead: 'Tomo is an AI assistant for Slack workspaces. This policy explains what we collect to run it, what we deliberately do not keep, and the choices you have.',
    updated: 'Last updated: November 2025',
    sections: [
      {
        id: 'collect',
        heading: 'What we collect',
        terms: [
          { term: 'Account', detail: 'When you sign in with Slack: your Slack user ID, e-mail address, name, workspace ID and workspace name.' },
          { term: 'Workspace directory', detail: 'Member and channel lists from Slack (IDs, names, titles and roles), used for seat assignment, permissions and settings pages.' },
          { term: 'Settings', detail: 'Custom instructions, auto-reply rules, schedules, reactions, app name and icon, and which plugins and integrations are enabled.' },
          { term: 'Usage records', detail: 'Who used a seat, when, and through which trigger — counts only, never the content of the request.' },
          { term: 'Uploaded documents', detail: 'PDFs, web pages and repositories you add for search, stored as vectors and passages for retrieval; the original PDF file is not kept.' },
          { term: 'Connected services', detail: 'OAuth tokens for services you connect (such as Google or GitHub), encrypted at rest and used only to read what you ask Tomo to read.' },
          { term: 'Billing', detail: 'Your subscription, seats and invoices. Card and wallet details are handled by our payment provider; we never see full card numbers.' },
        ],
      },
      {
        id: 'not-stored',
        heading: 'What we do not store',
        paragraphs: [
          'Prompts, Slack message text and Tomo’s answers are processed to produce a reply and are not stored in our database or written to our logs.',
        ],
      },
      {
        id: 'use',
        heading: 'How we use data',
        items: [
          'To answer requests in Slack and run the automation you configure.',
          'To enforce seats, usage limits and permissions, and to bill correctly.',
          'To provide support when you contact us.',
          'To keep the service secure and investigate abuse.',
        ],
      },
      {
        id: 'processors',
        heading: 'Service providers',
        items: [
          'Slack, to deliver messages and authenticate users.',
          'Our AI model provider, which receives the request and its context to generate an answer and retains that data for at most 30 days for abuse monitoring.',
          'Our payment provider, for checkout, invoices and the Customer Portal.',
          'Our hosting provider, where the database is kept.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies and analytics',
        paragraphs: [
          'We use one necessary cookie to keep you signed in. If page-view analytics are enabled, they record which pages of this website are visited; they do not read your Slack data.',
        ],
      },
      {
        id: 'retention',
        heading: 'Retention and deletion',
        paragraphs: [
          'We keep account, settings and billing data while your workspace uses Tomo and as long as accounting law requires for invoices. Uninstalling Tomo cancels all subscriptions; you can ask us to delete your workspace’s data at any time by e-mail.',
        ],
      },
      {
        id: 'rights',
        heading: 'Your rights',
        paragraphs: [
          'You can ask for access to, correction of, or deletion of your personal data, and object to its processing. Workspace admins can change most settings themselves. Write to our support address and we will answer within 30 days.',
        ],
      },
      {
        id: 'changes',
        heading: 'Changes',
        paragraphs: ['We will announce material changes to this policy on this page and by e-mail to workspace admins before they take effect.'],
      },
    ],
  },
};

export default privacy;
