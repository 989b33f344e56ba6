import { describe, expect, it } from 'vitest';
import { generateImageTool } from '../../../core/images/generate-image.tool';
import { parseImageRequest } from '../../../core/images/image-request';
import { ImageStudio } from '../../../core/images/image-studio';
import { PLANS } from '../../../core/billing/plan-catalog';
import { planDetailRows } from '../../../core/billing/plan-details';
import { NO_RESOURCES } from '../../../core/tools/tool';
import { ToolRegistry } from '../../../core/tools/tool-registry';

describe('direct image requests', () => {
  it.each([
    ['<@UBOT1> draw a cat in a hat', 'a cat in a hat'],
    ['Draw me: a lighthouse at dusk', 'a lighthouse at dusk'],
    ['please paint a stormy sea', 'a stormy sea'],
    ['image: a paper boat', 'a paper boat'],
    ['generate an image of a red fox in snow', 'a red fox in snow'],
    ['create 4 pictures of a sunrise', 'a sunrise'],
    ['画像: 夕暮れの灯台', '夕暮れの灯台'],
    ['画像：富士山', '富士山'],
    ['富士山と桜の絵を描いて', '富士山と桜'],
    ['猫のイラストを作ってください。', '猫'],
    ['ロボットを描いてください', 'ロボット'],
    // Slack's text escapes &, < and >: the description is what was typed.
    ['<@UBOT1> draw a cat &amp; a dog &lt;3', 'a cat & a dog <3'],
  ])('%s → %s', (text, prompt) => {
    expect(parseImageRequest(text)).toBe(prompt);
  });

  it.each(['what is a drawing board?', 'can you explain how images are compressed?', 'drawbacks of this plan', '画像の圧縮方法を教えて', 'draw', ''])(
    'not a request: %s',
    (text) => {
      expect(parseImageRequest(text)).toBeNull();
    },
  );
});

describe('the generate_image tool and the plans', () => {
  const studio = new ImageStudio({
    generator: { provider: 'openai', model: 'gpt-image-1', generate: async () => [] },
    generations: { hold: async (_team, hold) => hold.id, record: async () => undefined, release: async () => undefined, countForSeat: async () => 0 },
    egressAudit: { record: async () => undefined, list: async () => [] },
    clock: { now: () => new Date() },
    ids: { next: () => 'id' },
    texts: { say: (code) => code },
  });

  it('is offered only where the answer can post files (not in a workflow step output)', async () => {
    const registry = new ToolRegistry([generateImageTool(studio)]);
    const offer = { plan: 'standard' as const, enabledPlugins: new Set<never>(), resources: NO_RESOURCES };
    expect((await registry.offer({ ...offer, canUploadFiles: true })).map((t) => t.tool.name)).toEqual(['generate_image']);
    expect(await registry.offer({ ...offer, canUploadFiles: false })).toEqual([]);
  });

  it('every plan has a monthly allowance of generations, growing with the plan, shown on the pricing rows', () => {
    expect(Object.values(PLANS).map((p) => [p.name, p.imageGenerationsPerMonth])).toEqual([
      ['free', 2],
      ['entry', 10],
      ['standard', 30],
      ['premium', 60],
    ]);
    expect(planDetailRows(PLANS.gpt50, 'monthly')).toContainEqual({ row: 'image_generation', perMonth: 30, variants: 4 });
  });
});
