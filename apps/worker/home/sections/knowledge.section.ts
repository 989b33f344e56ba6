import { clipText } from '../../../../core/shared/clip-text';
import { escapeSlackText } from '../../../../core/shared/slack-escapes';
import type { HomeBlock } from '../../../../core/home/home-view';
import { statusOf, type KnowledgeSourceRecord, type SourceKind } from '../../../../core/knowledge/knowledge-source';
import { HOME_SOURCES_PER_KIND } from '../../../../core/home/home-facts';
import { KNOWLEDGE_ACTIONS } from '../../../shared/knowledge-actions';
import { knowledgeText, readableSize, type KnowledgeTextCode } from '../../../shared/messages/knowledge';
import type { HomeSection } from '../home-section';

const SECTIONS: readonly { kind: SourceKind; title: KnowledgeTextCode; add: KnowledgeTextCode; actionId: string }[] = [
  { kind: 'web', title: 'KNOWLEDGE.SECTION_WEB', add: 'KNOWLEDGE.ADD_WEB', actionId: KNOWLEDGE_ACTIONS.addWeb },
  { kind: 'pdf', title: 'KNOWLEDGE.SECTION_PDF', add: 'KNOWLEDGE.ADD_PDF', actionId: KNOWLEDGE_ACTIONS.addPdf },
  { kind: 'repository', title: 'KNOWLEDGE.SECTION_REPOSITORY', add: 'KNOWLEDGE.ADD_REPOSITORY', actionId: KNOWLEDGE_ACTIONS.addRepository },
];

/**
 * The uploaders: Web URL, PDF and Repository, each listing the workspace's sources (status with
 * progress or the failure's reason, size, passages, who added it and when) with Delete (and Try
 * again on a failed one) for the person who added it and admins, and a button opening the modal
 * that adds one. Guests and people of other organizations (Slack Connect) get no Add buttons
 * and no Try again, and a line saying why; Delete stays on their own earlier sources.
 */
export const knowledgeSection: HomeSection = ({ facts, day }) => {
  const knowledge = facts.knowledge;
  if (!knowledge) return [];
  // mrkdwn texts get the name as typed, escaped; the header and the confirm dialog are plain text.
  const t = (code: KnowledgeTextCode, params: Record<string, string | number> = {}) =>
    knowledgeText(code, { appName: escapeSlackText(facts.appName), ...params }, facts.locale);
  const plain = (code: KnowledgeTextCode, params: Record<string, string | number> = {}) => knowledgeText(code, { appName: facts.appName, ...params }, facts.locale);
  const blocks: HomeBlock[] = [
    { type: 'divider' },
    { type: 'header', text: t('KNOWLEDGE.TITLE') },
    { type: 'text', text: t('KNOWLEDGE.INTRO') },
    {
      type: 'context',
      text: t('KNOWLEDGE.USAGE', {
        sources: knowledge.usage.sources,
        maxSources: knowledge.quota.sources.toLocaleString('en-US'),
        chunks: knowledge.usage.chunks.toLocaleString('en-US'),
        maxChunks: knowledge.quota.chunks.toLocaleString('en-US'),
        plan: knowledge.plan.charAt(0).toUpperCase() + knowledge.plan.slice(1),
      }),
    },
  ];
  if (!knowledge.canAdd) blocks.push({ type: 'context', text: t('KNOWLEDGE.GUEST_READ_ONLY') });
  for (const section of SECTIONS) {
    const sources = knowledge.sources.filter((s) => s.kind === section.kind).slice(0, HOME_SOURCES_PER_KIND);
    const count = knowledge.counts[section.kind];
    blocks.push({ type: 'text', text: t(section.title) });
    if (count === 0) blocks.push({ type: 'context', text: t('KNOWLEDGE.EMPTY') });
    for (const source of sources) {
      const line = t('KNOWLEDGE.LINE', {
        title: escapeMrkdwn(source.title),
        status: statusText(source, t),
        size: readableSize(source.sizeBytes),
        chunks: source.chunkCount,
        user: source.addedBy,
        date: day(source.createdAt),
      });
      // Pages of a site its robots.txt kept out, or a repository cut at its caps, are said beside what was read (docs/knowledge.md).
      const leftOut = source.status === 'failed' ? '' : leftOutText(source, t);
      const remove = {
        text: t('KNOWLEDGE.DELETE'),
        actionId: KNOWLEDGE_ACTIONS.delete,
        value: source.id,
        style: 'danger' as const,
        confirm: {
          title: t('KNOWLEDGE.CONFIRM_TITLE'),
          text: plain('KNOWLEDGE.CONFIRM_TEXT', { title: clipText(source.title, 150) }),
          confirm: t('KNOWLEDGE.CONFIRM_YES'),
          deny: t('KNOWLEDGE.CONFIRM_NO'),
        },
      };
      if (source.canRemove && knowledge.canAdd && source.status === 'failed') {
        // A failed source: Try again beside Delete, for the same people (who may add sources).
        blocks.push({ type: 'text', text: line + leftOut });
        blocks.push({ type: 'buttons', buttons: [{ text: t('KNOWLEDGE.RETRY'), actionId: KNOWLEDGE_ACTIONS.retry, value: source.id, style: 'primary' }, remove] });
      } else {
        blocks.push({ type: 'text', text: line + leftOut, ...(source.canRemove ? { accessory: remove } : {}) });
      }
    }
    if (count > sources.length) blocks.push({ type: 'context', text: t('KNOWLEDGE.MORE', { count: count - sources.length }) });
    if (knowledge.canAdd) blocks.push({ type: 'buttons', buttons: [{ text: t(section.add), actionId: section.actionId, value: section.kind }] });
  }
  return blocks;
};

function leftOutText(source: KnowledgeSourceRecord, t: (code: KnowledgeTextCode, params?: Record<string, string | number>) => string): string {
  if (source.kind === 'web' && source.robotsLeftOut > 0) return `\n${t('KNOWLEDGE.ROBOTS_LEFT_OUT', { count: source.robotsLeftOut })}`;
  if (source.kind === 'repository' && source.cutAfterFiles > 0) return `\n${t('KNOWLEDGE.REPOSITORY_CUT', { count: source.cutAfterFiles.toLocaleString('en-US') })}`;
  return '';
}

function statusText(source: KnowledgeSourceRecord, t: (code: KnowledgeTextCode, params?: Record<string, string | number>) => string): string {
  const status = statusOf(source);
  switch (status.code) {
    case 'embedding':
      return t('KNOWLEDGE.STATUS_EMBEDDING', { done: status.done, total: status.total });
    case 'failed':
      return t('KNOWLEDGE.STATUS_FAILED', { reason: t(`KNOWLEDGE.FAILURE.${status.failure}`) });
    case 'queued':
      return t('KNOWLEDGE.STATUS_QUEUED');
    case 'reading':
      return t('KNOWLEDGE.STATUS_READING');
    case 'ready':
      return t('KNOWLEDGE.STATUS_READY');
  }
}

/**
 * Titles are what people typed or file names: shown as text, never as Slack markup or mentions.
 * Shortened (with an ellipsis, between whole emoji: core/shared/clip-text) before escaping, so
 * no `&amp;` is cut in two.
 */
function escapeMrkdwn(text: string): string {
  return escapeSlackText(clipText(text, 300));
}
