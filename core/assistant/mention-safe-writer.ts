import { MentionFilter } from '../shared/special-mentions';
import type { AnswerWriter, PostedAnswer } from './chat-platform.port';

/**
 * Every word of an answer goes through here on its way to the platform's writer, whatever that
 * writer does with it (a stream, a posted and edited message, an ephemeral or a DM, a workflow
 * step's output, a channel summary): the model can never notify a whole channel or a user group
 * (`core/shared/special-mentions.ts`). A possible mention cut between two pieces of the stream is
 * held back until the next piece decides it; nothing else waits.
 */
export function mentionSafeWriter(inner: AnswerWriter): AnswerWriter {
  const filter = new MentionFilter();
  const pass = async (text: string) => {
    if (text !== '') await inner.append(text);
  };
  return {
    append: async (text) => pass(filter.push(text)),
    // The model paused for a tool: what is held may still be finished by its next words.
    ...(inner.flush === undefined ? {} : { flush: async () => inner.flush!() }),
    finish: async (): Promise<PostedAnswer> => {
      await pass(filter.end());
      return inner.finish();
    },
    restart: async () => {
      filter.reset();
      await inner.restart();
    },
    interrupt: async () => {
      await pass(filter.end());
      await inner.interrupt();
    },
  };
}
