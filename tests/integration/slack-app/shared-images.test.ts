import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedLlmCall } from '../../../adapters/memory/llm-script';
import { IMAGE_LIMITS } from '../../../core/readers/file-contents.port';
import { photoJpeg, screenshotPng, sidewaysPhotoJpeg } from '../../fakes/web/images';
import { eventually, installThroughBrowser, mention, repliesIn, sendEvent, settled, startSlackAppWorld, type SlackAppWorld } from './support/slack-app-world';

/**
 * Images people share, through the real server and worker: the Slack SDK downloads the file
 * from the Slack fake, the OpenAI and Anthropic SDKs send it to their fakes, and the test
 * decodes what the model received (ADR 86).
 */

interface SentImage {
  mediaType: string;
  base64: string;
}

/** The images of a recorded request, in either wire format. */
function imagesIn(call: RecordedLlmCall): SentImage[] {
  const messages = (call.body.messages ?? []) as { content?: unknown }[];
  return messages.flatMap((message) => {
    if (!Array.isArray(message.content)) return [];
    type Part = { type?: string; image_url?: { url: string }; source?: { media_type: string; data: string } };
    return (message.content as Part[]).flatMap((part): SentImage[] => {
      if (part.type === 'image_url') {
        const [, mediaType, base64] = /^data:([^;]+);base64,(.*)$/s.exec(part.image_url!.url)!;
        return [{ mediaType: mediaType!, base64: base64! }];
      }
      if (part.type === 'image') return [{ mediaType: part.source!.media_type, base64: part.source!.data }];
      return [];
    });
  });
}

/** The one image the model got: within the limits, of the type it says, with its decoded size. */
async function theImageSent(call: RecordedLlmCall) {
  const images = imagesIn(call);
  expect(images).toHaveLength(1);
  const [image] = images;
  expect(image!.base64.length).toBeLessThanOrEqual(IMAGE_LIMITS.maxBase64Chars);
  const bytes = Buffer.from(image!.base64, 'base64');
  const meta = await sharp(bytes).metadata();
  expect(image!.mediaType).toBe(`image/${meta.format}`);
  expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(IMAGE_LIMITS.maxLongEdge);
  expect(meta.width * meta.height).toBeLessThanOrEqual(IMAGE_LIMITS.maxPixels);
  return { meta, bytes };
}

async function share(world: SlackAppWorld, file: { id: string; name: string; mimetype: string; filetype: string; content: Buffer }) {
  const { ws } = world;
  const question = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> what is in this picture?`, files: [file] });
  await sendEvent(world, mention(world, { ts: question.ts, channel: ws.channel }));
  await eventually(() => expect(repliesIn(world, ws.channel, question.ts).length).toBeGreaterThan(0), 30_000);
  await settled(world);
  return repliesIn(world, ws.channel, question.ts);
}

describe('Shared images scaled down to what the models take (OpenAI)', () => {
  let world: SlackAppWorld;
  beforeAll(async () => {
    world = await startSlackAppWorld({ OPENAI_IMAGE_MODEL: 'none' });
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(async () => world.close());
  beforeEach(() => world.openai.reset());

  it('sends a 6 MB phone photo, which used to be left out as too large, as a JPEG within the limits', async () => {
    const photo = await photoJpeg(3264, 2448);
    expect(photo.length).toBeGreaterThan(4 * 1024 * 1024);
    world.openai.answer('A grainy blue photo.');

    const replies = await share(world, { id: 'F0PHOTO1', name: 'IMG_0042.jpg', mimetype: 'image/jpeg', filetype: 'jpg', content: photo });

    expect(replies).toEqual(['A grainy blue photo.']);
    const call = world.openai.calls.at(-1)!;
    const { meta } = await theImageSent(call);
    expect(meta.format).toBe('jpeg');
    expect(meta.width / meta.height).toBeCloseTo(3264 / 2448, 2);
    expect(call.prompt.turns.at(-1)!.text).toContain(`scaled down from 3264 × 2448 px to ${meta.width} × ${meta.height} px`);
  }, 90_000);

  it('sends a 6000 × 4000 screenshot as a PNG that keeps its transparency', async () => {
    const screenshot = await screenshotPng();
    world.openai.answer('A screenshot.');

    await share(world, { id: 'F0SHOT1', name: 'Screenshot 2025-06-01.png', mimetype: 'image/png', filetype: 'png', content: screenshot });

    const { meta } = await theImageSent(world.openai.calls.at(-1)!);
    expect(meta).toMatchObject({ format: 'png', hasAlpha: true });
    expect(meta.width / meta.height).toBeCloseTo(1.5, 2);
  }, 90_000);
});

describe('Shared images scaled down to what the models take (Anthropic, which refuses an image over 5 MB with the whole request)', () => {
  let world: SlackAppWorld;
  beforeAll(async () => {
    world = await startSlackAppWorld({ LLM_PROVIDER: 'anthropic', OPENAI_API_KEY: '' });
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(async () => world.close());
  beforeEach(() => world.anthropic.reset());

  it('sends a photo taken upright (EXIF orientation 6) the right way up', async () => {
    world.anthropic.answer('Red on the right, blue on the left.');

    const replies = await share(world, { id: 'F0UPRIGHT', name: 'upright.jpg', mimetype: 'image/jpeg', filetype: 'jpg', content: await sidewaysPhotoJpeg() });

    expect(replies).toEqual(['Red on the right, blue on the left.']);
    const { meta, bytes } = await theImageSent(world.anthropic.calls.at(-1)!);
    expect(meta.orientation).toBeUndefined();
    expect(meta.height).toBeGreaterThan(meta.width);
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const red = (x: number) => data[(Math.floor(info.height / 2) * info.width + x) * info.channels]!;
    expect(red(info.width - 5)).toBeGreaterThan(200);
    expect(red(5)).toBeLessThan(50);
  }, 90_000);

  it('sends a phone photo over 5 MB of base64 within Anthropic’s limit', async () => {
    const photo = await photoJpeg(3264, 2448);
    world.anthropic.answer('A photo.');

    const replies = await share(world, { id: 'F0PHOTO2', name: 'IMG_0043.jpg', mimetype: 'image/jpeg', filetype: 'jpg', content: photo });

    expect(replies).toEqual(['A photo.']);
    expect((await theImageSent(world.anthropic.calls.at(-1)!)).meta.format).toBe('jpeg');
  }, 90_000);

  it('answers without an image Anthropic cannot process, naming it, instead of the unknown error on every question of the thread', async () => {
    // Anthropic answers 400 "Could not process image" for an image it cannot decode, and again for
    // every request that still holds it (anthropics/claude-code#1747); Tomo re-reads a thread's
    // files for each question, so the whole thread got "try again later", which never helped.
    const cannotSee = (prompt: { turns: { images: number }[] }) =>
      prompt.turns.some((turn) => turn.images > 0) ? ({ failWithStatus: 400, errorKind: 'invalid_image' } as const) : { text: 'I could not see the picture, but a chart like that usually shows sales.' };
    world.anthropic.enqueue({ respond: cannotSee }, { respond: cannotSee });
    const before = world.anthropic.calls.length;

    const replies = await share(world, { id: 'F0BADIMG', name: 'chart.png', mimetype: 'image/jpeg', filetype: 'jpg', content: await photoJpeg(320, 240) });

    expect(replies).toEqual([
      'I could not see the picture, but a chart like that usually shows sales.\n\nCould not read: `chart.png` (the AI model could not process this image, so it answered without it)',
    ]);
    const [rejected, answered] = world.anthropic.calls.slice(before);
    expect(imagesIn(rejected!)).toHaveLength(1);
    expect(imagesIn(answered!)).toHaveLength(0);
    expect(answered!.prompt.turns.at(-1)!.text).toContain('left out: the AI provider could not process it');
    expect(world.anthropic.calls.length - before).toBe(2);
  }, 90_000);
});
