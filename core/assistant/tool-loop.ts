import type { Clock } from '../shared/clock.port';
import type { Tokenizer } from '../shared/tokenizer.port';
import { ToolError, type ToolContext, type ToolSource, type WorkStatus } from '../tools/tool';
import type { OfferedTool } from '../tools/tool-registry';
import type {
  LlmMessage,
  LlmProvider,
  LlmRequest,
  LlmStreamEvent,
  LlmToolCall,
  LlmToolDefinition,
  LlmToolResultMessage,
} from './llm-provider.port';
import { isLlmError } from './llm-error';
import { truncateToTokens } from './thread-context';
import { fenceUntrusted } from './untrusted-content';

/** How far one answer may go with tools. */
export interface ToolLoopLimits {
  /** Requests in which the model may call tools; the next one must answer in words. */
  readonly maxToolRounds: number;
  /** Calls run per round; more get an error result. */
  readonly maxCallsPerRound: number;
  /** Input plus output tokens over all requests of the answer; past it the model must answer. */
  readonly maxTokens: number;
  /** Time from the first request; past it the model must answer. */
  readonly maxMs: number;
  /** One tool call's time. */
  readonly toolTimeoutMs: number;
  /** A tool result is cut to this many tokens. */
  readonly maxResultTokens: number;
}

export const DEFAULT_TOOL_LOOP_LIMITS: ToolLoopLimits = {
  maxToolRounds: 4,
  maxCallsPerRound: 5,
  maxTokens: 80_000,
  maxMs: 90_000,
  toolTimeoutMs: 20_000,
  maxResultTokens: 4_000,
};

type DoneEvent = Extract<LlmStreamEvent, { type: 'done' }>;

/** What the loop has done so far; kept up to date so a failure midway still knows it. */
export interface ToolLoopProgress {
  /** Every word written to the person, over all rounds. */
  answer: string;
  /** One entry per finished model request. */
  readonly rounds: DoneEvent[];
  /**
   * The providers that accepted the request in flight (its `start` events), until it finishes:
   * the question reached them even if the answer then goes nowhere (Slack refusing the post).
   */
  inFlight: { provider: string; model: string }[];
  /** The tools called, in order (names only; a tool called twice appears twice). */
  readonly toolsCalled: string[];
  /** Pages and results the tools used, for citations. */
  readonly sources: ToolSource[];
  /** Tokens estimated for requests whose provider reported no usage. */
  estimatedInputTokens: number;
  estimatedOutputTokens: number;
}

export interface ToolLoopInput {
  readonly llm: LlmProvider;
  /** The first request, without tools. */
  readonly request: LlmRequest;
  readonly tools: readonly OfferedTool[];
  readonly context: Omit<ToolContext, 'signal' | 'integrationToken'>;
  append(text: string): Promise<void>;
  /**
   * The model broke off after its first words and is asked for the round again: what was
   * appended in this round is void. `kept` is what earlier rounds wrote (usually ''): the
   * answer now reads that, then the new words.
   */
  restart(kept: string): Promise<void>;
  showStatus(status: WorkStatus): Promise<void>;
  /** Text held back for a batch goes out: the model stopped writing to call tools. */
  flush(): Promise<void>;
  readonly clock: Clock;
  readonly tokenizer: Tokenizer;
  readonly limits: ToolLoopLimits;
  readonly progress: ToolLoopProgress;
}

export function newToolLoopProgress(): ToolLoopProgress {
  return { answer: '', rounds: [], inFlight: [], toolsCalled: [], sources: [], estimatedInputTokens: 0, estimatedOutputTokens: 0 };
}

/**
 * Asks the model, runs the tools it calls, and asks again with their results, until it
 * answers in words or a limit says it must. Words stream to the person as they come, in
 * every round; a tool's failure goes back to the model as its result. LLM failures are
 * thrown (the caller posts the error message); `progress` says what happened before.
 */
export async function runToolLoop(input: ToolLoopInput): Promise<DoneEvent> {
  const { progress, limits } = input;
  const started = input.clock.now().getTime();
  const definitions: LlmToolDefinition[] = input.tools.map(({ tool }) => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
  }));
  let messages: LlmMessage[] = [...input.request.messages];
  let resultsLeftOut = false;
  let nudged = false;
  for (let round = 0; ; round += 1) {
    const spent = tokensSpent(progress);
    let mustAnswer =
      resultsLeftOut || round >= limits.maxToolRounds || spent >= limits.maxTokens || input.clock.now().getTime() - started >= limits.maxMs;
    const requestOf = (): LlmRequest => ({
      ...input.request,
      messages,
      ...(definitions.length > 0 ? { tools: definitions, toolChoice: mustAnswer ? 'none' : 'auto' } : {}),
    });
    let request = requestOf();
    let asked: Awaited<ReturnType<typeof streamRound>>;
    try {
      asked = await streamRound(input, request, started);
    } catch (error) {
      // The last tools' results made the conversation longer than the model can read (a
      // compatible server's small context window, the provider counting more tokens than
      // tiktoken): the request before them fitted, so it is asked once more with those results
      // left out and no more tools, instead of telling the person their thread is too long.
      if (resultsLeftOut || round === 0 || !isLlmError(error) || error.code !== 'too_long') throw error;
      resultsLeftOut = true;
      mustAnswer = true;
      messages = withoutLastResults(messages);
      request = requestOf();
      asked = await streamRound(input, request, started);
    }
    const { done, text, calls } = asked;
    progress.rounds.push(done);
    progress.inFlight = [];
    if (done.usage === null) {
      progress.estimatedInputTokens += estimateTokens(request, input.tokenizer);
      progress.estimatedOutputTokens += input.tokenizer.countTokens(text + calls.map((c) => JSON.stringify(c.arguments)).join(''));
    }
    // Anthropic's "Handling stop reasons": Claude may end its turn after tool results with no
    // content at all (`end_turn`, 2-3 tokens); asked the same again it decides the same, so the
    // guide adds a user turn asking it to continue. Once; before, the person got the unknown error.
    if (calls.length === 0 && text.trim() === '' && done.stopReason === 'end' && round > 0 && !nudged) {
      nudged = true;
      messages.push({ role: 'user', content: PLEASE_CONTINUE });
      continue;
    }
    if (calls.length === 0 || mustAnswer) return done;

    messages.push({ role: 'assistant', content: text, toolCalls: calls });
    // "Let me look that up." is shown while the tools run, not held for a batch until after them.
    if (text !== '') await input.flush();
    for (const [index, call] of calls.entries()) {
      messages.push(
        index < limits.maxCallsPerRound
          ? await runCall(call, input)
          : errorResult(call, `Not run: at most ${limits.maxCallsPerRound} tool calls are run at once.`),
      );
    }
    await input.showStatus({ code: 'thinking' });
  }
}

/**
 * One model request: words go out as they arrive; tool calls are gathered whole. A stream cut
 * after its first words may be asked for again while the answer is within its time
 * (`maxMs`): the fallback then says `restart`, and the round's words are taken back.
 */
async function streamRound(input: ToolLoopInput, request: LlmRequest, started: number) {
  const { progress, limits } = input;
  const before = progress.answer;
  let text = '';
  let calls: LlmToolCall[] = [];
  let done: DoneEvent | undefined;
  const restartAfterText = () => input.clock.now().getTime() - started < limits.maxMs;
  for await (const event of input.llm.stream(request, { restartAfterText })) {
    switch (event.type) {
      case 'start':
        // A fallback to another provider starts over (before any words, or after a restart).
        calls = [];
        if (!progress.inFlight.some((asked) => asked.provider === event.provider && asked.model === event.model)) {
          progress.inFlight.push({ provider: event.provider, model: event.model });
        }
        break;
      case 'restart':
        text = '';
        calls = [];
        progress.answer = before;
        await input.restart(before);
        break;
      case 'text': {
        if (event.text === '') break;
        // Words of a later round start a new paragraph after the earlier ones.
        const piece = text === '' && progress.answer !== '' && !/\s$/.test(progress.answer) ? `\n\n${event.text}` : event.text;
        text += event.text;
        progress.answer += piece;
        await input.append(piece);
        break;
      }
      case 'tool_call':
        calls.push(event.call);
        break;
      case 'done':
        done = event;
        break;
    }
  }
  // The port promises a `done` or a thrown LlmError; a provider breaking that is a bug.
  if (done === undefined) throw new Error(`LLM ${input.llm.name} ended a stream without done`);
  return { done, text, calls };
}

async function runCall(call: LlmToolCall, input: ToolLoopInput): Promise<LlmToolResultMessage> {
  const { progress } = input;
  const offered = input.tools.find(({ tool }) => tool.name === call.name);
  // A tool not offered (switched off, not in the plan, made up) is never run.
  if (offered === undefined) return errorResult(call, `There is no tool named "${call.name}" in this conversation.`);
  progress.toolsCalled.push(call.name);
  if (call.malformed) return errorResult(call, 'The arguments were not a JSON object. Call the tool again with arguments that match its schema.');
  const { tool } = offered;
  await input.showStatus(tool.status(call.arguments));
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeoutMs = tool.timeoutMs ?? input.limits.toolTimeoutMs;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ToolError(`The tool took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`));
    }, timeoutMs);
  });
  try {
    const context: ToolContext = {
      ...input.context,
      signal: controller.signal,
      ...(offered.integrationToken === undefined ? {} : { integrationToken: offered.integrationToken }),
    };
    const output = await Promise.race([tool.run(call.arguments, context), timeout]);
    progress.sources.push(...(output.sources ?? []));
    const content = truncateToTokens(output.content, input.limits.maxResultTokens, input.tokenizer);
    return {
      role: 'tool',
      toolCallId: call.id,
      name: call.name,
      content: output.untrusted ? fenceUntrusted(content, { kind: `${call.name}_result` }) : content,
    };
  } catch (error) {
    return errorResult(call, error instanceof ToolError ? error.message : 'The tool failed unexpectedly. Answer without it and say so if it matters.');
  } finally {
    clearTimeout(timer);
  }
}

/** The user turn after an answer that ended, after tool results, without a word. */
export const PLEASE_CONTINUE = 'Please continue.';

/** What the model reads instead of a tool's result that did not fit in what it can read. */
export const RESULT_LEFT_OUT =
  'Error: This result was left out: with it the conversation was longer than the model can read at once. Answer with what you have, and say what you could not read.';

/** The conversation with the results of the last tool calls replaced by `RESULT_LEFT_OUT`. */
function withoutLastResults(messages: readonly LlmMessage[]): LlmMessage[] {
  const lastCalls = messages.findLastIndex((message) => message.role === 'assistant');
  return messages.map((message, index) =>
    index > lastCalls && message.role === 'tool' ? { ...message, content: RESULT_LEFT_OUT, isError: true } : message,
  );
}

function errorResult(call: LlmToolCall, message: string): LlmToolResultMessage {
  return { role: 'tool', toolCallId: call.id, name: call.name, content: `Error: ${message}`, isError: true };
}

/** Input plus output tokens so far, reported or estimated. */
export function tokensSpent(progress: ToolLoopProgress): number {
  const reported = progress.rounds.reduce((sum, done) => sum + (done.usage ? done.usage.inputTokens + done.usage.outputTokens : 0), 0);
  return reported + progress.estimatedInputTokens + progress.estimatedOutputTokens;
}

function estimateTokens(request: LlmRequest, tokenizer: Tokenizer): number {
  const text = [request.system ?? '', ...request.messages.map((m) => m.content)].join('\n');
  return tokenizer.countTokens(text);
}
