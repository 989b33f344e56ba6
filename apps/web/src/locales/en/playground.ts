const playground = {
  meta: {
    title: 'Playground',
    description: 'Try every Tomo feature in an emulated Slack workspace on your own machine, without a Slack account.',
  },
  title: 'Playground',
  lead: 'An emulated Slack workspace on this machine, with Tomo installed. You are Ada, its admin.',
  off: {
    title: 'The playground is off',
    body: 'It runs with `npm start` only when no Slack app is configured (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_SIGNING_SECRET, SLACK_APP_TOKEN unset) and NODE_ENV is not production.',
  },
  loading: 'Loading the workspace…',
  channels: 'Channels',
  directMessages: 'Direct messages',
  home: 'App Home',
  assistant: 'Assistant',
  settings: 'Settings (signs in as Ada)',
  composer: {
    label: 'Message {{where}}',
    replyLabel: 'Reply in thread',
    placeholder: 'Write a message. Type @{{name}} to mention {{name}}.',
    send: 'Send',
    attach: 'Attach a text file',
    attached: 'Attached: {{name}}',
    removeFile: 'Remove the file',
    notText: '{{name}} is not a text file: attach a text file (.txt, .md, .csv, .json…).',
    fileTooLarge: '{{name}} is too long: a text file can be at most 200,000 characters.',
  },
  message: {
    replies_one: '{{count}} reply',
    replies_other: '{{count}} replies',
    openThread: 'Reply in thread',
    react: 'React with {{name}}',
    writing: '{{name}} is writing…',
    onlyYou: 'Only visible to you',
    savePdf: 'Save as PDF',
  },
  thread: {
    title: 'Thread',
    close: 'Close the thread',
  },
  homeView: {
    empty: '{{name}} has not published its Home yet.',
    open: 'Open the App Home',
  },
  assistantPanel: {
    lead: 'Slack’s AI-app view: a chat with {{name}} beside any channel.',
    start: 'New chat about #{{channel}}',
    prompts: 'Suggested prompts',
  },
  tips: {
    title: 'Things to try',
    items: [
      'Mention @{{name}} in #general with a question, or paste a link to a web page.',
      'Send {{name}} a direct message.',
      'React to a message with a flag to translate it, or with 📝 to summarise it.',
      'Attach a text file and ask {{name}} about it.',
      'Open the App Home, or start an Assistant chat.',
      'Open Settings (you sign in as Ada, the admin): instructions, reactions and schedules change what happens here at once.',
    ],
  },
  summary: {
    run: 'Run today’s summary now',
    queued: 'Summary queued: it posts in this channel in a moment. A schedule runs once a day, and this counts as today’s run.',
  },
  model: {
    demo: 'Answers come from the offline demo model (LLM_PROVIDER=demo): each one reports what Tomo received and is labelled as no model. Set OPENAI_API_KEY or ANTHROPIC_API_KEY and unset LLM_PROVIDER for real answers.',
    openai: 'Answers come from OpenAI.',
    openaiAt: 'Answers come from OpenAI at {{url}}.',
    anthropic: 'Answers come from Anthropic.',
    none: 'No model is configured, so Tomo can only report an error. Stop Tomo and start it again with OPENAI_API_KEY=sk-… (or OPENAI_BASE_URL=http://127.0.0.1:11434/v1 with OPENAI_API_KEY=ollama for a local Ollama), ANTHROPIC_API_KEY=sk-ant-…, or LLM_PROVIDER=demo for the offline demo model.',
  },
  refusals: {
    NO_SCHEDULE: 'This channel has no daily summary: turn one on under Settings → Schedules first.',
    ALREADY_RAN: 'Today’s summary of this channel has already run: a schedule runs once a day, so the next one is tomorrow’s.',
  },
  error: 'That did not work: {{message}}',
};

export default playground;
