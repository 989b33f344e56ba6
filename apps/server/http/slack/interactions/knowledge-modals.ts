import type { Locale } from '../../../../../core/workspace/user';
import { KNOWLEDGE_MODALS } from '../../../../shared/knowledge-actions';
import { knowledgeText, type KnowledgeTextCode } from '../../../../shared/messages/knowledge';

export type ModalKind = keyof typeof KNOWLEDGE_MODALS;

/** Block ids and action ids of the modals' inputs (read back from view.state.values). */
export const MODAL_INPUTS = {
  url: { block: 'url', action: 'value' },
  pages: { block: 'pages', action: 'value' },
  files: { block: 'files', action: 'value' },
} as const;

const plain = (text: string) => ({ type: 'plain_text', text, emoji: true });

/** The modal that adds a source of one kind (views.open), in the person's language. */
export function knowledgeModal(kind: ModalKind, options: { locale: Locale; appName: string; maxPages: number }): Record<string, unknown> {
  const t = (code: KnowledgeTextCode, params: Record<string, string | number> = {}) => knowledgeText(code, { appName: options.appName, ...params }, options.locale);
  const title: Record<ModalKind, KnowledgeTextCode> = {
    web: 'KNOWLEDGE.MODAL_WEB_TITLE',
    pdf: 'KNOWLEDGE.MODAL_PDF_TITLE',
    repository: 'KNOWLEDGE.MODAL_REPOSITORY_TITLE',
  };
  const blocks: Record<string, unknown>[] = [];
  if (kind === 'web') {
    blocks.push(
      {
        type: 'input',
        block_id: MODAL_INPUTS.url.block,
        label: plain(t('KNOWLEDGE.MODAL_URL_LABEL')),
        hint: plain(t('KNOWLEDGE.MODAL_URL_HINT')),
        element: { type: 'url_text_input', action_id: MODAL_INPUTS.url.action, placeholder: plain('https://example.com/docs') },
      },
      {
        type: 'input',
        block_id: MODAL_INPUTS.pages.block,
        label: plain(t('KNOWLEDGE.MODAL_PAGES_LABEL', { max: options.maxPages })),
        element: {
          type: 'number_input',
          action_id: MODAL_INPUTS.pages.action,
          is_decimal_allowed: false,
          min_value: '1',
          max_value: String(options.maxPages),
          initial_value: '1',
        },
      },
    );
  } else if (kind === 'repository') {
    blocks.push({
      type: 'input',
      block_id: MODAL_INPUTS.url.block,
      label: plain(t('KNOWLEDGE.MODAL_REPOSITORY_LABEL')),
      hint: plain(t('KNOWLEDGE.MODAL_REPOSITORY_HINT')),
      element: { type: 'url_text_input', action_id: MODAL_INPUTS.url.action, placeholder: plain('https://github.com/owner/name') },
    });
  } else {
    blocks.push({
      type: 'input',
      block_id: MODAL_INPUTS.files.block,
      label: plain(t('KNOWLEDGE.MODAL_PDF_LABEL')),
      hint: plain(t('KNOWLEDGE.MODAL_PDF_HINT')),
      element: { type: 'file_input', action_id: MODAL_INPUTS.files.action, filetypes: ['pdf'], max_files: 5 },
    });
  }
  return {
    type: 'modal',
    callback_id: KNOWLEDGE_MODALS[kind],
    title: plain(t(title[kind]).slice(0, 24)),
    submit: plain(t('KNOWLEDGE.MODAL_SUBMIT')),
    close: plain(t('KNOWLEDGE.MODAL_CANCEL')),
    private_metadata: options.locale,
    blocks,
  };
}
