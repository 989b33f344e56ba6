import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import { ToolError, type Tool } from '../../core/tools/tool';
import { CalculatorError, type CalculatorEngine } from './calculator-engine';
import { fromLangChain } from './langchain-tool';

/** The Calculator plugin: exact arithmetic, big numbers, units and dates instead of guessed numbers. */
export function calculatorTool(engine: CalculatorEngine): Tool {
  const lcTool = tool(
    async ({ expression }) => {
      try {
        return { content: `${expression} = ${await engine.evaluate(expression)}` };
      } catch (error) {
        if (error instanceof CalculatorError) throw new ToolError(error.message);
        throw error;
      }
    },
    {
      name: 'calculator',
      description: [
        'Evaluates a math expression exactly (mathjs syntax, 64-digit precision). Use it for any arithmetic instead of estimating.',
        'Examples: "(1250 * 1.08) / 12", "2^128", "sqrt(2) * 10", "5 km to mile", "72 degF to degC", "12% * 3400" is written "0.12 * 3400".',
        'Dates: daysBetween("2026-01-01", "2026-03-01"), addDays("2026-01-31", 30), weekday("2026-12-25").',
      ].join(' '),
      schema: z.object({ expression: z.string().trim().min(1).max(1000).describe('One mathjs expression') }),
    },
  );
  return fromLangChain(lcTool, { plugin: 'calculator', plans: 'all', status: () => ({ code: 'calculating' }) });
}
