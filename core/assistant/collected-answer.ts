import type { AnswerWriter, ChatPlatform } from './chat-platform.port';

/**
 * An answer that is not written into a thread as it streams but handed over whole once the
 * pipeline knows how it ended: a workflow step's output, or a summary posted as one message.
 * Everything StreamAnswer would post in the thread (an error message) is kept as `failure`,
 * so the caller delivers exactly one of the two.
 */
export interface CollectedAnswer {
  readonly platform: ChatPlatform;
  text(): string;
  failure(): string | null;
}

export function collectAnswer(platform: ChatPlatform): CollectedAnswer {
  let text = '';
  let failure: string | null = null;
  const writer: AnswerWriter = {
    append: async (delta) => {
      text += delta;
    },
    finish: async () => ({ messageTs: [], delivery: 'edit' }),
  };
  return {
    platform: {
      readThread: (thread) => platform.readThread(thread),
      getUsers: (ids) => platform.getUsers(ids),
      // Nobody watches a thread for these answers: no status, no reaction.
      showThinking: async () => ({ clear: async () => undefined }),
      postInThread: async (_thread, message) => {
        failure = message;
        return [];
      },
      startAnswer: () => writer,
    },
    text: () => text,
    failure: () => failure,
  };
}
