const vdp = {
  meta: {
    title: 'Security and vulnerability disclosure',
    description:
      'How to report a security vulnerability in Tomo: scope, what to include, our 48-hour acknowledgement, safe harbor for good-faith research and coordinated disclosure.',
  },
  eyebrow: 'Security',
  document: {
    title: 'Vulnerability disclosure policy',
    lead: 'We welcome reports from security researchers and customers. If you believe you have found a vulnerability in Tomo, tell us privately and we will work with you to fix it.',
    updated: 'Last updated: November 2025',
    sections: [
      {
        id: 'report',
        heading: 'How to report',
        paragraphs: [
          'Email our support address with the subject “Security report”. Write in English or Japanese. Please do not report vulnerabilities in public channels, Slack communities or issue trackers.',
        ],
        items: [
          'The affected URL, endpoint or Slack feature.',
          'Step-by-step instructions to reproduce the issue, with any proof-of-concept code.',
          'The impact you believe it has, and any data you were able to access.',
          'How we can reach you, and whether you would like to be credited.',
        ],
      },
      {
        id: 'response',
        heading: 'What we commit to',
        items: [
          'We acknowledge every report within 48 hours.',
          'We give you an initial assessment, including severity, as soon as we have reproduced the issue.',
          'We keep you updated until the issue is fixed and tell you when it is resolved.',
          'With your permission, we credit you once the fix is released.',
        ],
      },
      {
        id: 'scope',
        heading: 'In scope',
        items: [
          'This website, the settings pages and Tomo’s web API.',
          'Tomo’s Slack app: its handling of events, commands, interactivity and sign-in with Slack.',
          'Isolation between workspaces, including access to another workspace’s settings, documents or subscriptions.',
        ],
      },
      {
        id: 'out-of-scope',
        heading: 'Out of scope',
        items: [
          'Vulnerabilities in Slack, our AI or payment providers, or other third parties — please report those to them.',
          'Denial-of-service attacks, spam, and social engineering of our staff or customers.',
          'Reports from automated scanners without a demonstrated impact.',
          'Answers from the AI model that are merely inaccurate, unless they expose another workspace’s data.',
        ],
      },
      {
        id: 'safe-harbor',
        heading: 'Safe harbor',
        paragraphs: [
          'We will not pursue legal action against research that follows this policy in good faith: use only your own workspaces and accounts, avoid privacy violations and service disruption, stop and report as soon as you reach data that is not yours, and give us reasonable time to fix the issue before disclosing it.',
        ],
      },
    ],
  },
};

export default vdp;
