import type { Actor } from '../shared/actor';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { InstructionLevel } from './instruction';
import { charCount } from '../shared/clip-text';
import { unstorableField } from '../shared/storable-text';

/** Longest instruction text, in characters (spec 9's 10,000 character threshold). */
export const INSTRUCTION_TEXT_LIMIT = 10_000;
/** Longest instruction name, in characters (spec 9's 50 character threshold). */
export const INSTRUCTION_NAME_LIMIT = 50;

/**
 * Who may change an instruction: system-wide ones ship with Tomo and are read-only,
 * workspace-wide ones need admin rights (spec 6), a user's own instructions belong to that
 * user (admins may manage anyone's), channel instructions are open to any member.
 */
export function checkInstructionPermission(
  actor: Actor,
  level: InstructionLevel,
  targetId: string | null,
): Outcome<string | null> {
  if (level === 'system') return fail('INSTRUCTIONS.READ_ONLY');
  if (level === 'workspace') return actor.isAdmin ? ok(null) : fail('PERMISSION.ADMIN_REQUIRED');
  if (!targetId) return fail('INSTRUCTIONS.TARGET_REQUIRED', { level });
  if (level === 'user' && targetId !== actor.userId && !actor.isAdmin) return fail('PERMISSION.ADMIN_REQUIRED');
  return ok(targetId);
}

/**
 * An instruction's name and text: no NUL character or lone surrogate in either
 * (`INPUT.UNSUPPORTED_CHARACTERS` with `params.field`, which the editor checks as it is typed),
 * text required and within its limit, name within its limit.
 */
export function validateInstruction(name: string, text: string): Outcome<{ name: string; text: string }> {
  const unstorable = unstorableField({ name, text });
  if (unstorable) return fail('INPUT.UNSUPPORTED_CHARACTERS', { field: unstorable });
  const trimmed = text.trim();
  if (trimmed === '') return fail('INSTRUCTIONS.TEXT_REQUIRED');
  const length = charCount(trimmed);
  if (length > INSTRUCTION_TEXT_LIMIT) {
    return fail('INSTRUCTIONS.TEXT_TOO_LONG', { max: INSTRUCTION_TEXT_LIMIT, length });
  }
  const cleanName = name.trim();
  if (charCount(cleanName) > INSTRUCTION_NAME_LIMIT) return fail('INSTRUCTIONS.NAME_TOO_LONG', { max: INSTRUCTION_NAME_LIMIT });
  return ok({ name: cleanName, text: trimmed });
}
