import { defineEntity, p } from '@mikro-orm/core';

// Four tables, one per level (spec 3). system and workspace have one row per team; channel and
// user one per target.
const common = {
  name: p.string(),
  text: p.text(),
  createdBy: p.string().length(32),
  createdAt: p.datetime(),
  updatedBy: p.string().length(32),
  updatedAt: p.datetime(),
};

export const SystemInstructionEntity = defineEntity({
  name: 'SystemInstruction',
  tableName: 'system_instructions',
  properties: { teamId: p.string().length(32).primary(), ...common },
});

export const WorkspaceInstructionEntity = defineEntity({
  name: 'WorkspaceInstruction',
  tableName: 'workspace_instructions',
  properties: { teamId: p.string().length(32).primary(), ...common },
});

export const ChannelInstructionEntity = defineEntity({
  name: 'ChannelInstruction',
  tableName: 'channel_instructions',
  properties: { teamId: p.string().length(32).primary(), channelId: p.string().length(32).primary(), ...common },
});

export const UserInstructionEntity = defineEntity({
  name: 'UserInstruction',
  tableName: 'user_instructions',
  properties: { teamId: p.string().length(32).primary(), userId: p.string().length(32).primary(), ...common },
});
