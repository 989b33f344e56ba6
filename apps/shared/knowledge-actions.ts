/** action_ids and callback_ids of the knowledge uploaders: the worker draws them, the interactions route receives them. */
export const KNOWLEDGE_ACTIONS = {
  prefix: 'knowledge.',
  addWeb: 'knowledge.add.web',
  addPdf: 'knowledge.add.pdf',
  addRepository: 'knowledge.add.repository',
  /** value: the source id; Slack asks for confirmation first. */
  delete: 'knowledge.delete',
  /** value: the source id of a failed source, ingested again. */
  retry: 'knowledge.retry',
} as const;

/** callback_ids of the modals (view_submission). */
export const KNOWLEDGE_MODALS = {
  web: 'knowledge.modal.web',
  pdf: 'knowledge.modal.pdf',
  repository: 'knowledge.modal.repository',
} as const;
