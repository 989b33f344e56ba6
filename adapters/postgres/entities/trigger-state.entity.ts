import { defineEntity, p } from '@mikro-orm/core';

// Slack's AI-app view: which channel the person looks at while an assistant thread is open
// (assistant_thread_started / _context_changed), so "summarize this channel" knows which one. Ids only.
export const AssistantThreadEntity = defineEntity({
  name: 'AssistantThread',
  tableName: 'assistant_threads',
  properties: {
    teamId: p.string().length(32).primary(),
    channelId: p.string().length(32).primary(),
    threadTs: p.string().length(32).primary(),
    userId: p.string().length(32),
    contextChannelId: p.string().length(32).nullable(),
    // Set once the thread got its title from the first question.
    titled: p.boolean().default(false),
    updatedAt: p.datetime().index(),
  },
});

// The auto-reply loop guard: how many auto-replies one thread got in one hour. Counts only.
export const AutoReplyCountEntity = defineEntity({
  name: 'AutoReplyCount',
  tableName: 'auto_reply_counts',
  properties: {
    teamId: p.string().length(32).primary(),
    channelId: p.string().length(32).primary(),
    threadTs: p.string().length(32).primary(),
    hourStart: p.datetime().primary(),
    count: p.integer(),
  },
  indexes: [{ name: 'auto_reply_counts_hour_index', properties: ['hourStart'] }],
});

// Text Slack delivers only once, inside the event (a workflow step's inputs), handed from the
// server to the worker sealed (AES-256-GCM) and erased by the worker when it takes it. The
// emptied row stays as a tombstone so a late retry of the event cannot store the text again;
// rows are deleted after 15 minutes. Job payloads themselves carry ids only.
export const TriggerInputEntity = defineEntity({
  name: 'TriggerInput',
  tableName: 'trigger_inputs',
  properties: {
    key: p.string().length(128).primary(),
    teamId: p.string().length(32),
    sealed: p.text().nullable(),
    createdAt: p.datetime().index(),
  },
});

// The hash Slack gave each person's Home tab at Tomo's last views.publish, so that a home job
// built from older state than the Home shown is refused (hash_conflict) and builds it again.
export const HomeViewHashEntity = defineEntity({
  name: 'HomeViewHash',
  tableName: 'home_view_hashes',
  properties: {
    teamId: p.string().length(32).primary(),
    userId: p.string().length(32).primary(),
    hash: p.string().length(128),
    // The notice that Home shows at its top (a failed click's code, never text), and since when.
    notice: p.string().length(32).nullable(),
    noticeShownAt: p.datetime().nullable(),
    updatedAt: p.datetime(),
  },
});
