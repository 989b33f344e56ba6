const comps = {
  meta: {
    title: 'How Tomo compares',
    description:
      'Tomo compared with a general-purpose chat assistant in a browser tab and with building your own Slack bot: where answers appear, automation, instructions, pricing, setup time and data handling.',
  },
  header: {
    eyebrow: 'Comparison',
    title: 'How Tomo compares',
    lead: 'Teams usually weigh three options: a general chat assistant in a browser tab, a bot they build themselves, or an assistant made for Slack. Here is an honest side-by-side.',
  },
  table: {
    caption: 'Tomo compared with two common alternatives',
    aspect: 'Aspect',
    columns: ['Tomo', 'Chat assistant in a browser tab', 'Your own Slack bot'],
    rows: [
      {
        aspect: 'Where answers appear',
        values: ['In the Slack thread where the question was asked', 'In a separate app; people copy answers back', 'In Slack, once you have built it'],
      },
      {
        aspect: 'Context it can read',
        values: ['Threads, linked pages, videos, cloud documents and files, on demand', 'Only what each person pastes in', 'Whatever you implement and maintain'],
      },
      {
        aspect: 'Automation',
        values: ['Scheduled summaries, bot auto-replies, emoji-reaction prompts, workflow steps', 'None inside Slack', 'Possible, with your own hosting and on-call'],
      },
      {
        aspect: 'Instructions',
        values: ['System, user, channel and workspace levels', 'Per person', 'Hard-coded in the bot'],
      },
      {
        aspect: 'Pricing',
        values: ['Per seat per workspace, seats filled automatically; or pay per response', 'Per named user', 'Developer time plus model usage'],
      },
      {
        aspect: 'Time to first answer',
        values: ['Minutes: sign in with Slack and invite @Tomo', 'Minutes per person', 'Weeks of development'],
      },
      {
        aspect: 'Data handling',
        values: ['Prompts not stored; provider retention at most 30 days', 'Depends on the vendor and plan', 'Your responsibility end to end'],
      },
    ],
  },
  fit: {
    title: 'When another option fits better',
    items: [
      'If only one or two people need an assistant and they rarely share results, a personal chat app may be enough.',
      'If you need a bot that runs a proprietary process end to end, building your own may be worth the investment — Tomo can still handle the everyday questions around it.',
      'If your team does not use Slack, Tomo is not for you today.',
    ],
  },
  cta: 'Compare plans',
};

export default comps;
