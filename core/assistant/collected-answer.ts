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
    // Nothing was handed over yet: a cut answer asked for again is simply collected anew.
    restart: async () => {
      text = '';
    },
    interrupt: async () => undefined,
  };
  const overrides: Partial<ChatPlatform> = {
    // Nobody watches a thread for these answers: no status, no reaction.
    showThinking: async () => ({ clear: async () => undefined }),
    postInThread: async (_thread, message) => {
      failure = message;
      return [];
    },
    startAnswer: () => writer,
    // Files cannot be handed over with the text, so tools that post them are not offered.
    uploadFiles: undefined,
    // The collected text is posted for everyone (a summary, a workflow's output): the asker's
    // private connections are not offered.
    postPrivately: undefined,
  };
  // Everything else (reading threads, people, files, linked messages…) is the platform's own.
  const view = new Proxy(platform, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof ChatPlatform];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { platform: view, text: () => text, failure: () => failure };
}
