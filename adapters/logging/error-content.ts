/**
 * What an error may carry of the data it failed on, and how to leave it out. PostgreSQL's
 * errors quote the refused row or statement (`detail`: "Failing row contains (…, <text>, …)",
 * "Key (…)=(…) already exists"; `where`: the JSON or PL/pgSQL context; `internalQuery`), and
 * MikroORM appends `detail` and `hint` to the message itself (`\n - detail: …`). A custom
 * instruction the database refused would otherwise reach a log, or a failed job's output.
 */
export const CONTENT_ERROR_FIELDS: ReadonlySet<string> = new Set(['detail', 'hint', 'where', 'internalquery', 'query', 'parameters', 'body']);

/** The field is one that quotes data (compared without case, `_` or `-`). */
export function isContentErrorField(key: string): boolean {
  return CONTENT_ERROR_FIELDS.has(key.toLowerCase().replace(/[_-]/g, ''));
}

/** An error message (or a stack's first lines) without what MikroORM appended from PostgreSQL's `detail` and `hint`. */
export function withoutQuotedValues(text: string): string {
  const at = text.indexOf('\n - detail: ');
  const hint = text.indexOf('\n - hint: ');
  const cut = [at, hint].filter((index) => index >= 0);
  if (cut.length === 0) return text;
  const start = Math.min(...cut);
  // A stack goes on with its frames after the message; the quoted values end where they begin.
  const frames = text.indexOf('\n    at ', start);
  return `${text.slice(0, start)}${frames >= 0 ? text.slice(frames) : ''}`;
}

/** The error's message, safe to log or keep in a job's output. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? withoutQuotedValues(error.message) : 'failed';
}

/**
 * A plain error with the same name and message (quoted values left out) and nothing else:
 * what a queue may serialize into a failed job's output.
 */
export function storableError(error: unknown): Error {
  const plain = new Error(errorMessage(error));
  plain.name = error instanceof Error ? error.name : 'Error';
  return plain;
}
