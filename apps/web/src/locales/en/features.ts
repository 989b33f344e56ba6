const features = {
  meta: {
    title: 'Features',
    description:
      'Everything Tomo can do in Slack: plugins, uploaders, seven kinds of triggers, custom instructions, scheduled summaries, seat-based subscriptions, flexible billing and human support.',
  },
  header: {
    eyebrow: 'Features',
    title: 'One assistant, many ways to help',
    lead: 'Tomo answers where your team already talks. Here is everything it can read, search, trigger and automate — and how you stay in control of seats, billing and data.',
  },
  toc: 'On this page',
  soon: 'Coming soon',
  sections: {
    plugins: {
      title: 'Plugins',
      lead: 'Tomo picks the right plugin for the question, and reads threads, linked pages and PDFs, YouTube videos, linked Slack messages and files shared in Slack on demand.',
      cards: [
        { title: 'Calculator', body: 'Exact arithmetic for budgets, conversions and estimates, instead of a language model guessing at numbers.' },
        { title: 'Web browsing', body: 'Opens the pages you link and the pages it finds, and cites what it read.' },
        { title: 'Search', body: 'Runs a web search and reads the top results — from 1 result per answer on the free trial up to 10 on Premium.' },
        { title: 'Repository search', body: 'Searches the code and documentation of public GitHub repositories you add, and cites the file and lines.' },
        { title: 'HTML search', body: 'Finds the relevant part of long web pages you have added, such as manuals and help centers, and links to the page.' },
        { title: 'PDF search', body: 'Vector search over the PDFs you uploaded: each passage becomes a point in a vector space of about a thousand dimensions, so answers find and quote your own handbooks and contracts with the page.' },
      ],
    },
    uploaders: {
      title: 'Uploaders',
      lead: 'Add your own material from Tomo’s Home tab in Slack. Uploaded content becomes searchable for the whole workspace.',
      cards: [
        { title: 'Web URL', body: 'Paste the address of a page or a documentation site; Tomo indexes it for HTML search, following the site’s links up to your plan’s page limit.' },
        { title: 'PDF', body: 'Upload handbooks, policies and reports, Japanese included. Their text is kept as vectors and encrypted passages, never as the original file.' },
        { title: 'Repository', body: 'Add a public GitHub repository so Tomo can answer questions about your code and docs.' },
      ],
    },
    triggers: {
      title: 'Triggers',
      lead: 'Seven ways to start a request, from a simple mention to fully automatic runs.',
      cards: [
        { title: 'Mention in a channel', body: 'Write @Tomo in any channel it has joined; it answers in the thread.', settings: '', link: '' },
        { title: 'Direct message', body: 'Ask privately in a DM. Nobody else sees the conversation.', settings: '', link: '' },
        { title: 'Workflow', body: 'Add a Tomo step to a Slack workflow to draft, classify or summarize as part of a process.', settings: '', link: '' },
        {
          title: 'Scheduled',
          body: 'Summarize a channel every day at a local time you choose, looking back as many days as you need.',
          settings: 'schedules',
          link: 'Open schedule settings',
        },
        { title: 'Bot mention', body: 'Other bots can mention Tomo to hand over a question or a report.', settings: '', link: '' },
        {
          title: 'Bot message',
          body: 'Reply automatically to messages from specific bots — alerts, form submissions, CI results — with your instruction.',
          settings: 'auto-replies',
          link: 'Open auto-reply settings',
        },
        {
          title: 'Emoji reaction',
          body: 'React to a message with an emoji to run a prompt on it: a flag translates, others explain or rewrite.',
          settings: 'reactions',
          link: 'Open reaction settings',
        },
      ],
    },
    otherSettings: {
      title: 'Other settings',
      lead: 'Shape how Tomo behaves for your workspace.',
      cards: [
        { title: 'Custom instructions', body: 'System-wide, per user, per channel and workspace-wide instructions, with token counts shown as you edit.' },
        { title: 'Image generation', body: 'Ask for an image and get four variants to choose from, right in the thread.' },
        { title: 'PDF creation shortcut', body: 'Turn an answer or a thread into a PDF you can share outside Slack.' },
        { title: 'Custom name and icon', body: 'Rename Tomo (up to 50 characters) and upload your own icon; clearing them restores the defaults.' },
        { title: 'Greeting on join', body: 'Tomo introduces itself when it joins a channel. Turn it off if you prefer a quiet entrance.' },
        { title: 'Integrations', body: 'Connect YouTube, Google Docs, Sheets, Slides, Drive, Calendar and more so Tomo can read them for you.', soon: true },
      ],
    },
    subscriptions: {
      title: 'Subscriptions',
      lead: 'Seats belong to the workspace, so you pay for the capacity you use rather than for every account.',
      cards: [
        { title: 'Free trial, no card', body: 'Every new workspace gets a 14-day trial without a credit card.' },
        { title: 'Free re-trial', body: 'Reinstalling Tomo later starts another 7-day trial once, so you can re-evaluate with your team.' },
        { title: 'Multiple subscriptions', body: 'Combine plans in one workspace, for example Premium for analysts and Entry for everyone else.' },
        { title: 'Member assignment', body: 'Workspace admins assign seats to specific members; unassigned seats fill automatically with active users.' },
        { title: 'Bot assignment', body: 'Give a seat to a bot so Tomo can answer its messages automatically.' },
        { title: 'Monthly reset', body: 'Usage is counted per subscribed seat, not per named user, and resets every month.' },
      ],
    },
    billing: {
      title: 'Billing',
      lead: 'Straightforward billing with no additional fees.',
      cards: [
        { title: 'Credit card', body: 'Pay with the major card brands through our payment provider.' },
        { title: 'Wallet payments', body: 'Apple Pay, Google Pay and Alipay are accepted at checkout.' },
        { title: 'Automatic invoicing', body: 'An invoice is issued and emailed for every payment.' },
        { title: 'Prorated billing', body: 'Change the number of seats at any time; the difference is settled on the next billing date.' },
        { title: 'Auto-renewal', body: 'Subscriptions renew automatically. Turn renewal off and the plan stays active until the period ends.' },
      ],
    },
    support: {
      title: 'Support',
      lead: 'Real people, in the channel that suits you. Email support or invite our support account to a shared channel from your workspace.',
      cards: [
        { title: 'Email', body: 'Write to us any time; every plan includes email support.' },
        { title: 'Shared channel', body: 'Standard and Premium workspaces can invite our support team to a Slack Connect channel.' },
        { title: 'Onboarding', body: 'We help you set up instructions, seats and automation for your first teams.' },
        { title: 'Video meetings and webinars', body: 'Book a call for a walkthrough, or join a webinar to see new features in action.' },
      ],
    },
  },
  more: {
    title: 'Keep exploring',
    comps: 'How Tomo compares',
    request: 'Request a feature',
    roadmap: 'See the roadmap',
  },
};

export default features;
