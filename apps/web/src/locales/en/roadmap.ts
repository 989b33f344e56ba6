const roadmap = {
  meta: {
    title: 'Roadmap',
    description:
      'What the Tomo team has recently shipped, what is in progress and what we are exploring next, from new integrations to model choice.',
  },
  header: {
    eyebrow: 'Roadmap',
    title: 'Where Tomo is heading',
    lead: 'A plain list of what we shipped recently, what we are building now and what we are exploring. It describes direction, not dated commitments.',
  },
  columns: [
    {
      id: 'shipped',
      title: 'Recently shipped',
      items: [
        { title: 'Scheduled channel summaries', body: 'Daily summaries at a local time, with a configurable look-back window.' },
        { title: 'Custom reaction prompts', body: 'Define your own emoji prompts next to the presets for explanation and translation.' },
        { title: 'Yearly plans', body: 'Pay yearly and save the price of two months on every plan.' },
        { title: 'Pay-as-you-go', body: 'Pay per answered response instead of per seat, for teams with uneven usage.' },
        { title: 'Japanese interface', body: 'The site and the settings pages are available in English and Japanese.' },
      ],
    },
    {
      id: 'in-progress',
      title: 'In progress',
      items: [
        { title: 'More integrations', body: 'Notion, GitHub, GitLab, Asana, Salesforce and Zoom, shown as “Work in progress” in the settings until they open.' },
        { title: 'Google Calendar and Meet', body: 'Ask about your schedule and get summaries of recorded meetings.' },
        { title: 'Seat change preview', body: 'See the prorated amount before you confirm a change in the number of seats.' },
      ],
    },
    {
      id: 'exploring',
      title: 'Exploring',
      items: [
        { title: 'Choice of model', body: 'Offer Claude with a 200K-token context window next to GPT-5 for long documents.' },
        { title: 'Usage export', body: 'Download the usage ranking for your own reporting.' },
        { title: 'More preset reactions', body: 'Ready-made prompts for tone checks, action items and plain-language rewrites.' },
      ],
    },
  ],
  request: {
    title: 'Missing something?',
    body: 'Your request is the best input we get. Tell us what would help your team.',
    link: 'Request a feature',
  },
};

export default roadmap;
