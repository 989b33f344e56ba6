import type { Tokenizer } from '../shared/tokenizer.port';
import { charCount } from '../shared/clip-text';
import { INSTRUCTION_TEXT_LIMIT } from './instruction-rules';

/**
 * Instructions are sent with every question, so they eat into the plan's context
 * budget. Above this many tokens in total the page warns (it does not refuse): half of the
 * smallest plan token limit (4,096).
 */
export const SOFT_TOKEN_LIMIT = 2048;

export interface InstructionMetrics {
  /** Characters (code points, as `charCount`) of the instruction being edited. */
  readonly this: number;
  /** Characters of every instruction that applies together with it. */
  readonly total: number;
  /** Character limit of one instruction. */
  readonly limit: number;
  readonly thisTokens: number;
  readonly totalTokens: number;
  readonly softTokenLimit: number;
  readonly overLimit: boolean;
  readonly overSoftTokenLimit: boolean;
}

/**
 * The Instructions page metrics (spec 2): this, total, limit, this tokens, total tokens, soft
 * token limit. Of the text as it is saved and sent, without surrounding spaces (the limit is
 * checked on that too), so a pasted trailing newline never shows as over a limit the save passes.
 */
export function measureInstructions(typed: string, others: readonly string[], tokenizer: Tokenizer): InstructionMetrics {
  const current = typed.trim();
  const characters = charCount(current);
  const thisTokens = tokenizer.countTokens(current);
  const totalTokens = others.reduce((sum, text) => sum + tokenizer.countTokens(text), thisTokens);
  return {
    this: characters,
    total: others.reduce((sum, text) => sum + charCount(text), characters),
    limit: INSTRUCTION_TEXT_LIMIT,
    thisTokens,
    totalTokens,
    softTokenLimit: SOFT_TOKEN_LIMIT,
    overLimit: characters > INSTRUCTION_TEXT_LIMIT,
    overSoftTokenLimit: totalTokens > SOFT_TOKEN_LIMIT,
  };
}
