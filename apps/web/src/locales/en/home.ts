const home = {
  meta: {
    title: 'Tomo',
    description:
      'Tomo is an AI assistant that works inside Slack: mention it in a channel or message it directly to summarize threads, read links and files, search and automate. 14-day free trial, no credit card.',
  },
  hero: {
    eyebrow: 'The AI assistant for Slack',
    title: 'Your team’s AI assistant, right where the conversation is',
    lead: 'Mention @Tomo in any channel or send it a direct message. It reads the thread, the links, the videos and the files you share, and answers in seconds — no new tab, no copy and paste.',
    trial: '14-day free trial · no credit card · billed per seat when you are ready',
  },
  preview: {
    label: 'Example conversation in Slack',
    channel: '#launch-planning',
    question: '@Tomo summarize this thread and list the open decisions with owners',
    answer:
      'Summary: the launch moves to the 14th so the pricing page can ship with yearly plans. Open decisions: 1) final plan names — Mei, by Friday; 2) webinar date — Ken, after the dry run.',
  },
  offer: {
    title: 'What we offer',
    lead: 'Everything Tomo does happens in Slack, with settings your admins control from the web.',
    cards: [
      {
        title: 'Answers in channels and DMs',
        body: 'Mention Tomo in a channel, message it directly, or let a workflow, a schedule, another bot or an emoji reaction start the request.',
      },
      {
        title: 'Reads what you share',
        body: 'Threads, linked web pages, videos, Google documents and uploaded files are read on demand, so answers are grounded in your material.',
      },
      {
        title: 'Plugins that do the work',
        body: 'A calculator, web browsing, search, repository search, HTML search and PDF search over documents you upload from the app’s Home tab.',
      },
      {
        title: 'Automation that runs itself',
        body: 'Scheduled channel summaries, automatic replies to specific bots, and reaction prompts such as translating a message when someone adds a flag.',
      },
      {
        title: 'Instructions at every level',
        body: 'Set custom instructions for the whole system, for yourself, for a channel or for the workspace, so every answer fits its audience.',
      },
      {
        title: 'Seats that fit your team',
        body: 'Buy seats per workspace and assign them to people and bots, or let unassigned seats fill automatically with the people who use Tomo.',
      },
    ],
  },
  start: {
    title: 'How to get started',
    lead: 'Most teams ask their first question within five minutes.',
    steps: [
      {
        title: 'Add Tomo to Slack',
        body: 'Press Add to Slack and approve Tomo for your workspace; the free trial starts right away. Sign in with Slack later to open the settings — your Tomo account is created automatically.',
      },
      {
        title: 'Invite @Tomo',
        body: 'Invite Tomo to a channel — it says hello when it joins — or open a direct message and ask your first question.',
      },
      {
        title: 'Try it free for 14 days',
        body: 'The free trial needs no credit card. Reinstalling later gives you another short trial.',
      },
      {
        title: 'Choose a plan and assign seats',
        body: 'Pick Entry, Standard or Premium, monthly or yearly, then assign seats to members or let them fill automatically.',
      },
    ],
  },
  useCases: {
    title: 'Built for real work',
    lead: 'A few of the ways teams use Tomo every day.',
    more: 'All use cases',
    items: [
      { slug: 'slack-search', title: 'Find the answer already in Slack', body: 'Ask in plain words and Tomo searches your workspace messages for you.' },
      { slug: 'google-workspace', title: 'Work with Docs, Sheets and Slides', body: 'Paste a link to a document and get a summary, a table or a draft back.' },
      { slug: 'translation', title: 'Translate with a flag', body: 'React with a flag emoji and Tomo replies with the message in that language.' },
      { slug: 'slack-workflows', title: 'Automate routine requests', body: 'Call Tomo from Slack workflows and schedules to summarize and report.' },
    ],
  },
  trust: {
    title: 'Your conversations stay yours',
    points: [
      'Prompts and answers are not stored by Tomo.',
      'Uploaded PDF content is kept only as vectors and encrypted passages for search.',
      'The AI provider keeps request data for at most 30 days, for abuse monitoring only.',
    ],
    link: 'Read our HIPAA statement',
  },
  closing: {
    title: 'Bring Tomo into your next thread',
    lead: 'Start the free trial now, or book a 30-minute walkthrough with our team.',
  },
};

export default home;
