import type { Request, Response } from 'express';
import type { z } from 'zod';
import { en } from '../../../shared/messages';
import { sendDomainError } from '../session/api-errors';

/**
 * Validates a request body (or query) with zod. On failure answers 400 with the first
 * problem: schemas name a catalogue code as their message where the spec has one
 * ('SCHEDULE.INVALID_LOCAL_TIME'), so the person reads the spec's text in their language;
 * any other malformed input gets the catalogue's unknown-error text.
 */
export function parseBody<S extends z.ZodType>(schema: S, req: Request, res: Response, source: unknown = req.body): z.output<S> | undefined {
  const result = schema.safeParse(source ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const code = issue && Object.hasOwn(en, issue.message) ? issue.message : 'UNKNOWN';
  const field = issue?.path.map(String).join('.') || undefined;
  // A length limit's code reads its maximum ('… {max} characters or fewer').
  const params: Record<string, number> = issue?.code === 'too_big' ? { max: Number(issue.maximum) } : {};
  sendDomainError(req, res, { code, params }, { status: 400, ...(field ? { field } : {}) });
  return undefined;
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request, res: Response): z.output<S> | undefined {
  return parseBody(schema, req, res, req.query);
}
