const hipaa = {
  meta: {
    title: 'HIPAA statement',
    description:
      'How Tomo handles health information: prompts are not stored, PDF content is stored only as vectors and encrypted passages (never the file), the AI provider retains data at most 30 days, and a business associate agreement is offered on request.',
  },
  eyebrow: 'Compliance',
  document: {
    title: 'HIPAA statement',
    lead: 'Teams in healthcare ask how Tomo handles protected health information (PHI). This statement describes exactly what we store, what we do not, and what you should do before using Tomo with PHI.',
    updated: 'Last updated: November 2025',
    sections: [
      {
        id: 'prompts',
        heading: 'Prompts and answers are not stored',
        paragraphs: [
          'Tomo processes the text of a request and its answer in memory to produce the reply in Slack. We do not store prompts, message text or answers in our database, and we do not write them to our logs.',
          'What we keep is operational metadata: which workspace, channel and seat made a request, when, and through which trigger, so we can count usage per seat and bill correctly.',
        ],
      },
      {
        id: 'files',
        heading: 'PDF content is stored only as vectors and encrypted passages',
        paragraphs: [
          'When you upload a PDF for PDF search, Tomo splits its text into passages and stores numerical representations (vectors) used to find relevant passages, each passage encrypted at rest (AES-256-GCM, like access tokens) so an answer can quote it, and, so that exact names and codes are found, keyed hashes of the words of each passage (numbers computed with a key derived from the encryption key, which cannot be turned back into words without it). The original file is not kept: it is read once and dropped. Deleting a source, or uninstalling Tomo, deletes its passages, vectors and hashes.',
        ],
      },
      {
        id: 'provider',
        heading: 'Data sent to the AI provider',
        paragraphs: [
          'To generate an answer, the request and the context Tomo gathered are sent to the AI model provider. The provider retains this data for at most 30 days, solely to monitor for abuse.',
        ],
      },
      {
        id: 'baa',
        heading: 'Business associate agreement',
        paragraphs: [
          'Tomo does not currently have a business associate agreement (BAA) in place with its customers by default. If your organization is a covered entity or business associate and wants to use Tomo with PHI, contact us first: we offer a BAA on request.',
          'Until a BAA is signed, do not include PHI in requests to Tomo. De-identified information, templates and general medical knowledge questions can be used without one.',
        ],
      },
      {
        id: 'safeguards',
        heading: 'Safeguards',
        items: [
          'Access tokens for Slack and connected services are encrypted at rest.',
          'Each workspace’s data is separated by its workspace ID; one workspace can never read another’s settings or documents.',
          'Sign-in happens only through Slack, so your workspace’s own authentication rules apply.',
          'Security reports are acknowledged within 48 hours under our vulnerability disclosure policy.',
        ],
      },
      {
        id: 'contact',
        heading: 'Contact',
        paragraphs: ['To request a BAA or ask about this statement, email our support team with the subject “HIPAA”.'],
      },
    ],
  },
};

export default hipaa;
