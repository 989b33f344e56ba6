// The use-case index page, the labels of a use-case page, and per use case what lists and
// heads need (title, description, summary). Each page's body is its own namespace,
// use-case-<slug>, so a page loads only its own copy.
const useCases = {
  index: {
    meta: {
      title: 'Use cases',
      description:
        'How teams use Tomo in Slack: custom instructions, web search, Google Workspace, image generation, medical notes, Slack search, Slack workflows and translation.',
    },
    eyebrow: 'Use cases',
    title: 'What teams do with Tomo',
    lead: 'Eight ways customers put Tomo to work — each with the settings, integrations and automation behind it.',
    read: 'Read the use case',
  },
  labels: {
    problem: 'The problem',
    how: 'How Tomo helps',
    examples: 'Try asking',
    worksWith: 'Works with',
    all: 'All use cases',
  },
  pages: {
    'custom-instructions': {
      meta: {
        title: 'Custom instructions',
        description: 'Make Tomo answer the way each team works, with instructions at system, workspace, channel and user level.',
      },
      summary: 'Answers that follow your team’s tone, format and rules — set once, applied everywhere.',
    },
    'google-search': {
      meta: {
        title: 'Google search',
        description: 'Current, cited answers from the web: Tomo searches, reads the top results and tells you where each fact came from.',
      },
      summary: 'Up-to-date answers with sources, without leaving the thread.',
    },
    'google-workspace': {
      meta: {
        title: 'Google Workspace',
        description: 'Summarize Google Docs, analyze Sheets and outline Slides from Slack, with read-only access you connect once.',
      },
      summary: 'Paste a Docs, Sheets or Slides link and get a summary, a table or a draft back.',
    },
    'image-generation': {
      meta: {
        title: 'Image generation',
        description: 'Ask Tomo for an image in Slack and get four variants to choose from, for slides, posts and mock-ups.',
      },
      summary: 'Four image variants in the thread, ready for slides and posts.',
    },
    'medical-notes': {
      meta: {
        title: 'Medical notes',
        description:
          'Help clinical and administrative teams structure notes, summaries and letters in Slack — with the data handling limits stated plainly.',
      },
      summary: 'Structure dictated notes and handovers; clinicians stay in charge.',
    },
    'slack-search': {
      meta: {
        title: 'Slack search',
        description: 'Ask Tomo what was decided and where: it searches the Slack messages you can access and answers with links.',
      },
      summary: 'Find past decisions in Slack by asking in plain words.',
    },
    'slack-workflows': {
      meta: {
        title: 'Slack workflows',
        description:
          'Automate routine requests with Tomo: workflow steps, scheduled summaries, automatic replies to bots and reaction prompts.',
      },
      summary: 'Put Tomo into workflows, schedules and bot alerts so routine work runs itself.',
    },
    translation: {
      meta: {
        title: 'Translation',
        description:
          'Translate Slack messages by reacting with a flag emoji, or ask Tomo directly — with a glossary from your instructions.',
      },
      summary: 'React with a flag and get the message in that language.',
    },
  },
};

export default useCases;
