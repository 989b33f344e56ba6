import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * mathjs in a restricted scope, off the main thread: `import`, `createUnit`, `evaluate`,
 * `parse`, `compile`, `simplify`, `derivative` and `resolve` are disabled inside expressions
 * (mathjs's own advice for untrusted input); a worker thread with a small heap runs them, and
 * is ended when one takes longer than the time limit. BigNumbers (64 digits) for exact
 * arithmetic; units; a few date functions mathjs lacks.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { create, all } = require(workerData.mathjs);
const math = create(all, { number: 'BigNumber', precision: 64 });
const DAY = 86400000;
const toDate = (value) => {
  const text = String(value).trim();
  if (!/^\\d{4}-\\d{2}-\\d{2}$/.test(text)) throw new Error('Dates are written "YYYY-MM-DD"');
  const date = new Date(text + 'T00:00:00Z');
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) throw new Error('No such date: ' + text);
  return date;
};
math.import({
  daysBetween: (a, b) => Math.round((toDate(b).getTime() - toDate(a).getTime()) / DAY),
  addDays: (a, n) => new Date(toDate(a).getTime() + Number(n) * DAY).toISOString().slice(0, 10),
  weekday: (a) => ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][toDate(a).getUTCDay()],
}, {});
const evaluate = math.evaluate;
const format = math.format;
const disabled = (name) => () => { throw new Error('Function ' + name + ' is disabled'); };
math.import(Object.fromEntries(
  ['import', 'createUnit', 'evaluate', 'parse', 'compile', 'simplify', 'derivative', 'resolve', 'reviver', 'replacer']
    .map((name) => [name, disabled(name)])
), { override: true });
parentPort.postMessage({ ready: true });
parentPort.on('message', ({ id, expression, maxChars }) => {
  try {
    let text = format(evaluate(expression), { precision: 14 });
    if (typeof text !== 'string') text = String(text);
    if (text.length > maxChars) throw new Error('The result is longer than ' + maxChars + ' characters');
    parentPort.postMessage({ id, result: text });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error).slice(0, 300) });
  }
});
`;

/** Loading mathjs into a new worker; only a machine in trouble takes this long. */
const START_TIMEOUT_MS = 30_000;

export interface CalculatorEngineOptions {
  /** One expression's time. Default 2 s. */
  timeoutMs?: number;
  /** Longest expression. Default 1,000 characters. */
  maxExpressionChars?: number;
  /** Longest result. Default 2,000 characters. */
  maxResultChars?: number;
  /** The worker's heap. Default 64 MB. */
  maxHeapMb?: number;
}

export class CalculatorError extends Error {
  override readonly name = 'CalculatorError';
}

type Pending = { resolve: (text: string) => void; reject: (error: Error) => void };

export class CalculatorEngine {
  private worker: { thread: Worker; ready: Promise<Worker>; failStart: (error: Error) => void } | undefined;
  private readonly pending = new Map<number, Pending>();
  private serial = 0;
  private readonly limits: Required<CalculatorEngineOptions>;

  constructor(options: CalculatorEngineOptions = {}) {
    this.limits = {
      timeoutMs: options.timeoutMs ?? 2_000,
      maxExpressionChars: options.maxExpressionChars ?? 1_000,
      maxResultChars: options.maxResultChars ?? 2_000,
      maxHeapMb: options.maxHeapMb ?? 64,
    };
  }

  async evaluate(expression: string): Promise<string> {
    if (expression.length > this.limits.maxExpressionChars) {
      throw new CalculatorError(`The expression is longer than ${this.limits.maxExpressionChars} characters`);
    }
    // The time limit is the expression's: loading mathjs into a new worker does not count
    // against it (on a busy machine that alone can take seconds).
    const worker = await this.start();
    const id = (this.serial += 1);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.stop(new CalculatorError(`The calculation took longer than ${this.limits.timeoutMs / 1000} s and was stopped`));
      }, this.limits.timeoutMs);
      this.pending.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      worker.postMessage({ id, expression, maxChars: this.limits.maxResultChars });
    });
  }

  /** Ends the worker; the next calculation starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    worker?.failStart(new CalculatorError('The calculator stopped'));
    await worker?.thread.terminate();
  }

  private start(): Promise<Worker> {
    if (this.worker) return this.worker.ready;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { mathjs: createRequire(import.meta.url).resolve('mathjs') },
      resourceLimits: { maxOldGenerationSizeMb: this.limits.maxHeapMb, maxYoungGenerationSizeMb: 16 },
    });
    worker.unref();
    let started!: { resolve: (worker: Worker) => void; reject: (error: Error) => void };
    const ready = new Promise<Worker>((resolve, reject) => (started = { resolve, reject }));
    // A caller that gave up must not leave an unhandled rejection behind.
    ready.catch(() => {});
    const startTimer = setTimeout(() => this.stop(new CalculatorError('The calculator did not start')), START_TIMEOUT_MS);
    worker.on('message', (message: { ready?: true; id?: number; result?: string; error?: string }) => {
      if (message.ready) {
        clearTimeout(startTimer);
        started.resolve(worker);
        return;
      }
      const pending = this.pending.get(message.id ?? -1);
      this.pending.delete(message.id ?? -1);
      if (message.error !== undefined) pending?.reject(new CalculatorError(message.error));
      else pending?.resolve(message.result ?? '');
    });
    worker.on('error', (error: Error & { code?: string }) => {
      // Only the current worker's failure stops calculations: one stopped for taking too long may
      // still run out of memory while it is being terminated, after its successor has started.
      if (this.worker?.thread !== worker) return;
      this.stop(new CalculatorError(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'The calculation needs too much memory' : 'The calculator failed'));
    });
    worker.on('exit', () => {
      if (this.worker?.thread === worker) this.stop(new CalculatorError('The calculator stopped'));
    });
    this.worker = { thread: worker, ready, failStart: (error) => { clearTimeout(startTimer); started.reject(error); } };
    return ready;
  }

  private stop(error: Error): void {
    const worker = this.worker;
    this.worker = undefined;
    worker?.failStart(error);
    void worker?.thread.terminate();
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
