const booking = {
  meta: {
    title: 'Book a demo',
    description:
      'Book a 30-minute Tomo demo: see Tomo answer in a real Slack workspace, set up instructions and automation together, and get answers about seats, pricing and data handling.',
  },
  header: {
    eyebrow: 'Booking',
    title: 'See Tomo in your team’s day, in 30 minutes',
    lead: 'Pick a time that suits you. We will show Tomo working in a real Slack workspace and answer your questions about rollout, seats and data handling.',
  },
  form: {
    title: 'Choose a time',
    frameTitle: 'Demo booking calendar',
    loading: 'Loading the booking calendar…',
    unavailable: 'Online booking is not available right now.',
    byEmail: 'Prefer email? Write to us with two or three times that work for you and we will confirm one.',
    emailButton: 'Request a demo by email',
    emailSubject: 'Demo request',
  },
  agenda: {
    title: 'A possible agenda',
    items: [
      { time: '5 min', title: 'Your team and goals', body: 'Which teams, which channels, and what you would like to stop doing by hand.' },
      { time: '10 min', title: 'Tomo live in Slack', body: 'Mentions and DMs, reading threads, links and files, plugins and image generation.' },
      { time: '10 min', title: 'Set it up together', body: 'Custom instructions, a scheduled summary, an auto-reply to a bot and a reaction prompt for your own use case.' },
      { time: '5 min', title: 'Seats, pricing and data', body: 'Trials, assigning seats, fixed rate or pay as you go, and how prompts and files are handled.' },
    ],
  },
  prepare: {
    title: 'To get the most out of it',
    items: [
      'Bring one or two real questions your team asks every week.',
      'If you plan to roll out widely, invite a Slack workspace admin — seat assignment needs admin rights.',
      'Think about which channels would benefit from a daily summary.',
    ],
  },
};

export default booking;
