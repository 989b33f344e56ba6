import { defineEntity, p } from '@mikro-orm/core';

// One generation of images: who, which seat, how many pictures. Never the prompt or the pictures.
export const ImageGenerationEntity = defineEntity({
  name: 'ImageGeneration',
  tableName: 'image_generations',
  properties: {
    teamId: p.string().length(32).primary(),
    id: p.string().length(64).primary(),
    memberId: p.string().length(32),
    subscriptionId: p.string().length(64).nullable(),
    images: p.integer(),
    occurredAt: p.datetime(),
    // Set while the generation is drawn (a hold on the seat's allowance); null once posted.
    heldUntil: p.datetime().nullable(),
  },
  indexes: [{ name: 'image_generations_seat_index', properties: ['teamId', 'subscriptionId', 'memberId', 'occurredAt'] }],
});
