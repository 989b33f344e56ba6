import type { Actor } from '../shared/actor';
import type { Clock } from '../shared/clock.port';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { TeamId } from '../shared/ids';
import type { InstructionLevel, InstructionRecord } from './instruction';
import type { InstructionRepository } from './instruction-repository.port';
import { checkInstructionPermission, validateInstruction } from './instruction-rules';

export interface InstructionTarget {
  readonly teamId: TeamId;
  readonly actor: Actor;
  readonly level: InstructionLevel;
  /** Channel id (channel level) or user id (user level); ignored for workspace. */
  readonly targetId: string | null;
}

/** Creates or updates one instruction, keeping who created it and when. */
export class SaveInstruction {
  constructor(private readonly deps: { readonly instructions: InstructionRepository; readonly clock: Clock }) {}

  async execute(input: InstructionTarget & { readonly name: string; readonly text: string }): Promise<Outcome<InstructionRecord>> {
    const permitted = checkInstructionPermission(input.actor, input.level, input.targetId);
    if (!permitted.ok) return permitted;
    const valid = validateInstruction(input.name, input.text);
    if (!valid.ok) return valid;
    const now = this.deps.clock.now();
    const existing = await this.deps.instructions.find(input.teamId, input.level, permitted.value);
    const record: InstructionRecord = {
      teamId: input.teamId,
      level: input.level,
      targetId: permitted.value,
      name: valid.value.name,
      text: valid.value.text,
      createdBy: existing?.createdBy ?? input.actor.userId,
      createdAt: existing?.createdAt ?? now,
      updatedBy: input.actor.userId,
      updatedAt: now,
    };
    await this.deps.instructions.save(input.teamId, record);
    return ok(record);
  }
}

export class DeleteInstruction {
  constructor(private readonly deps: { readonly instructions: InstructionRepository }) {}

  async execute(input: InstructionTarget): Promise<Outcome<void>> {
    const permitted = checkInstructionPermission(input.actor, input.level, input.targetId);
    if (!permitted.ok) return permitted;
    const deleted = await this.deps.instructions.delete(input.teamId, input.level, permitted.value);
    return deleted ? ok(undefined) : fail('INSTRUCTIONS.NOT_FOUND');
  }
}
