import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryInstructionRepository } from '../../adapters/memory/in-memory-instruction-repository';
import { PgInstructionRepository } from '../../adapters/postgres/pg-instruction-repository';
import type { InstructionRepository } from '../../core/instructions/instruction-repository.port';
import { implementations } from './support/implementations';
import { anInstruction, at, TEAM_A, TEAM_B } from './support/records';

const system = anInstruction({ level: 'system', targetId: null, name: 'Base', text: 'Be helpful.' });
const workspace = anInstruction({ level: 'workspace', targetId: null, name: 'Company', text: 'We are Acme.' });
const user = anInstruction({ level: 'user', targetId: 'U001', name: 'Me', text: 'Call me Ann.' });

describe.each(
  implementations<InstructionRepository>({
    memory: () => new InMemoryInstructionRepository(),
    postgres: (orm) => new PgInstructionRepository(orm),
  }),
)('InstructionRepository ($name)', ({ create }) => {
  let instructions: InstructionRepository;
  beforeEach(async () => {
    instructions = await create();
  });

  it('stores one instruction per level and target', async () => {
    for (const record of [system, workspace, anInstruction(), user]) await instructions.save(TEAM_A, record);
    expect(await instructions.find(TEAM_A, 'system', null)).toEqual(system);
    expect(await instructions.find(TEAM_A, 'workspace', null)).toEqual(workspace);
    expect(await instructions.find(TEAM_A, 'channel', 'C001')).toEqual(anInstruction());
    expect(await instructions.find(TEAM_A, 'user', 'U001')).toEqual(user);
    expect(await instructions.find(TEAM_A, 'user', 'U002')).toBeNull();
    expect(await instructions.find(TEAM_A, 'channel', 'U001')).toBeNull();
  });

  it('replaces by level and target, and lists a level oldest first', async () => {
    const second = anInstruction({ targetId: 'C002', name: 'Other', createdAt: at(0), updatedAt: at(0) });
    await instructions.save(TEAM_A, anInstruction());
    await instructions.save(TEAM_A, second);
    const edited = anInstruction({ text: 'Answer in Japanese.', updatedBy: 'U0OTHER', updatedAt: at(9) });
    await instructions.save(TEAM_A, edited);
    expect(await instructions.listByLevel(TEAM_A, 'channel')).toEqual([second, edited]);
    expect(await instructions.listByLevel(TEAM_A, 'user')).toEqual([]);
  });

  it('deletes once', async () => {
    await instructions.save(TEAM_A, user);
    await instructions.save(TEAM_A, workspace);
    expect(await instructions.delete(TEAM_A, 'user', 'U001')).toBe(true);
    expect(await instructions.delete(TEAM_A, 'user', 'U001')).toBe(false);
    expect(await instructions.delete(TEAM_A, 'workspace', null)).toBe(true);
    expect(await instructions.find(TEAM_A, 'workspace', null)).toBeNull();
  });

  it('keeps teams apart: team B neither reads, edits nor deletes team A instructions', async () => {
    await instructions.save(TEAM_A, workspace);
    await instructions.save(TEAM_A, anInstruction());
    expect(await instructions.find(TEAM_B, 'workspace', null)).toBeNull();
    expect(await instructions.listByLevel(TEAM_B, 'channel')).toEqual([]);
    expect(await instructions.delete(TEAM_B, 'channel', 'C001')).toBe(false);
    await expect(instructions.save(TEAM_B, anInstruction({ text: 'evil' }))).rejects.toThrow(/team/);
    await instructions.save(TEAM_B, anInstruction({ teamId: TEAM_B, text: 'theirs' }));
    expect(await instructions.find(TEAM_A, 'channel', 'C001')).toEqual(anInstruction());
    expect(await instructions.find(TEAM_A, 'workspace', null)).toEqual(workspace);
  });
});
