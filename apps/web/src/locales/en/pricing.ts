const pricing = {
  meta: {
    title: 'Pricing',
    description:
      'Tomo plans for Slack: Entry $8, Standard $20 and Premium $32 per user per month, or yearly with two months free. Fixed rate per seat or pay as you go per response. 14-day free trial, no credit card.',
  },
  header: {
    eyebrow: 'Pricing',
    title: 'Simple per-seat pricing for your workspace',
    lead: 'Start with a 14-day free trial, no credit card needed. Then choose a plan per seat, monthly or yearly — or pay only for the responses you use.',
  },
  alerts: {
    dismiss: 'Dismiss',
    checkoutSuccess: {
      title: 'Thank you — your order was received',
      body: 'Your subscription is being set up. You can check it, change seats or cancel any time in the Customer Portal.',
    },
    checkoutCancel: {
      title: 'Your order was canceled',
      body: 'Nothing was charged. You can check out again whenever you are ready.',
    },
    setupSuccess: {
      title: 'Your wallet is set up',
      body: 'Proceed to subscribe to a plan. Alipay now appears next to the card at checkout.',
    },
    setupCancel: {
      title: 'Wallet setup was cancelled',
      body: 'No payment method was added. You can set up a wallet again under payment methods below.',
    },
    billingError: { title: 'The payment page could not be opened' },
  },
  controls: {
    interval: 'Billing period',
    monthly: 'Monthly',
    yearly: 'Yearly',
    yearlyHint: 'Two months free',
    mode: 'Billing mode',
    fixed: 'Fixed rate',
    payg: 'Pay as you go',
    paygNote: 'Pay as you go is billed monthly for the responses your seats actually used.',
    seats: 'Seats',
    seatsHint: 'You can change the number of seats at any time; the difference is prorated.',
    seatsInvalid: 'Enter a whole number of seats, from 1 to {{max}}.',
  },
  plans: {
    free: { tagline: 'Try Tomo with your team for 14 days. No credit card.' },
    entry: { tagline: 'For individuals and small teams getting started.' },
    standard: { tagline: 'For teams that rely on Tomo every day.' },
    premium: { tagline: 'For long documents and research-heavy work.' },
  },
  card: {
    perUserMonth: 'per user / month',
    perUserYear: 'per user / year',
    perResponse: 'per response',
    savings: 'Save {{amount}} per user each year',
    totalPerMonth: '{{total}} a month in total ({{seats}} × {{price}})',
    totalPerYear: '{{total}} a year in total ({{seats}} × {{price}})',
    trialPrice: 'Free',
    trialPeriod: 'for 14 days',
    trialCta: 'Start free trial',
    popular: 'Most popular',
    subscribe: 'Subscribe',
    manage: 'Manage',
    comingSoon: 'Coming soon',
    plan: '{{plan}} plan',
    adminOnly:
      'Only workspace admins can subscribe. Ask an admin of your Slack workspace (Primary Owner, Owner or Admin) to buy a plan or manage the one you have.',
  },
  details: {
    title: 'Plan details',
    // The scrolling table's region, inside the section titled above: two regions with one name cannot be told apart.
    tableLabel: 'Plan details table',
    feature: 'Feature',
    freeTrial: 'Free trial',
    rows: {
      tokensAndModels: 'Tokens and models',
      usage: 'Usage',
      urlReaders: 'URL readers',
      fileReaders: 'File readers',
      instructions: 'Instructions',
      plugins: 'Plugins',
      imageGeneration: 'Image generation',
      knowledge: 'Knowledge uploads',
      support: 'Support',
    },
    values: {
      tokens: '{{model}} · {{tokens}} tokens',
      // The plan's read-text budget (`Plan.readers.tokensPerAnswer`, docs/tools.md): Standard's is the spec's 16K tier.
      tokensAndReading: '{{model}} · {{tokens}} tokens; links and files read up to {{read}} tokens per answer',
      unlimited: 'Unlimited',
      timesPerMonth: 'About {{count}} times per month',
      timesPerYear: 'About {{count}} times per year',
      perResponse: 'Billed per answered response',
      urlReaders: 'Links read per answer: {{count}} (web pages, PDFs, YouTube videos, Slack messages)',
      fileReaders: 'Slack files read per answer: {{count}} (text, Markdown, CSV, HTML, PDF, Word, Excel, PowerPoint, OpenDocument, emails, images)',
      instructions: 'System, user, channel and workspace',
      plugins: 'Calculator, web browsing and search; {{count}} web search results per answer',
      pluginsOne: 'Calculator, web browsing and search; 1 web search result per answer',
      imageGeneration: '{{count}} generations of 4 images per month',
      knowledge: '{{sources}} sources and {{chunks}} passages per workspace (web pages, PDFs, repositories); sites up to {{pages}} pages',
      email: 'Email',
      emailAndChannel: 'Email and shared channel',
    },
  },
  modes: {
    title: 'Fixed rate or pay as you go',
    fixed: {
      title: 'Fixed rate, per user',
      body: 'A set price per seat, monthly or yearly. Predictable costs for teams that use Tomo every day. Fixed-rate plans are not refunded mid-term.',
    },
    payg: {
      title: 'Pay as you go, per response',
      body: 'No monthly seat price: each answered response is billed at the plan’s per-response rate. Good for teams with occasional or seasonal use.',
    },
  },
  guide: {
    title: 'Pricing guide',
    items: [
      { title: 'Seats belong to the workspace', body: 'You buy seats for a Slack workspace. Usage is counted per subscribed seat, not per named user, and resets every month.' },
      { title: 'Assign seats, or let them fill', body: 'Admins can assign seats to members and bots. Seats left unassigned are filled automatically by the people who use Tomo.' },
      { title: 'Change seats any time', body: 'Add or remove seats whenever you like. The cost difference is prorated on the next billing date. Removing seats unassigns the most recently assigned members first.' },
      { title: 'Several plans in one workspace', body: 'Hold more than one subscription, for example Premium for a research team and Entry for everyone else.' },
      { title: 'Renewal and cancellation', body: 'Plans renew automatically. If you turn renewal off, the plan stays active until the end of the period. Uninstalling Tomo cancels all subscriptions at once.' },
      { title: 'After the trial', body: 'When the 14-day trial ends, Tomo stops answering until a plan is purchased. Reinstalling later starts a new 7-day trial, once.' },
    ],
  },
  payment: {
    title: 'Payment methods',
    lead: 'Pay securely through our payment provider. There are no additional fees.',
    methods: ['Credit card', 'Apple Pay', 'Google Pay', 'Alipay'],
    wallet: {
      title: 'Paying with Alipay?',
      body: 'Set up your Alipay wallet first; it then appears next to the card at checkout.',
      button: 'Set up a wallet',
    },
    notes: [
      'Invoices are issued and emailed automatically for every payment.',
      'Prices are in US dollars; taxes are added where they apply.',
      'Manage payment methods, invoices and cancellation in the Customer Portal.',
    ],
  },
};

export default pricing;
