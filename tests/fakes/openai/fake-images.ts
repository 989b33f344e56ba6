import { crc32, deflateSync } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import { sendJson, waitUnlessGone } from '../support/http-fake';

/** One request to `POST /v1/images/generations`, kept in memory for assertions (never logged). */
export interface RecordedImageCall {
  model: string | undefined;
  prompt: string;
  n: number;
  responseFormat: string | undefined;
  size: string | undefined;
}

export type ImageBehaviour =
  | { kind: 'refuse' }
  | { kind: 'rate_limit'; retryAfterSeconds?: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'fail'; status: number };

/** Knobs of the Images API fake. */
export interface FakeImagesApi {
  imageCalls: RecordedImageCall[];
  /** The next image request behaves so (refused by the content policy, 429, slow, 5xx). */
  nextImages(behaviour: ImageBehaviour): void;
}

/** A real PNG (RGB, 8 bit) of `size`×`size` pixels: a gradient whose colours depend on `seed`. */
export function fakePng(seed: number, size = 64): Buffer {
  const row = 1 + size * 3;
  const raw = Buffer.alloc(row * size);
  for (let y = 0; y < size; y += 1) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < size; x += 1) {
      const at = y * row + 1 + x * 3;
      raw[at] = (seed * 67 + x * 3) & 0xff;
      raw[at + 1] = (seed * 131 + y * 3) & 0xff;
      raw[at + 2] = (seed * 29 + (x ^ y)) & 0xff;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * OpenAI's Images API as the real one answers: GPT Image models return `b64_json` for up to
 * 10 images per request (no `response_format`); DALL·E 3 takes `n: 1` only; DALL·E models
 * return base64 only when `response_format: b64_json`. Every image is a distinct real PNG.
 */
export function createImagesApi(): FakeImagesApi & {
  handle(res: ServerResponse, body: Record<string, unknown>): Promise<void>;
  reset(): void;
} {
  const imageCalls: RecordedImageCall[] = [];
  const behaviours: ImageBehaviour[] = [];
  let serial = 0;
  return {
    imageCalls,
    nextImages: (behaviour) => behaviours.push(behaviour),
    reset: () => behaviours.splice(0),
    async handle(res, body) {
      const model = typeof body.model === 'string' ? body.model : undefined;
      const prompt = typeof body.prompt === 'string' ? body.prompt : '';
      const n = typeof body.n === 'number' ? body.n : 1;
      const responseFormat = typeof body.response_format === 'string' ? body.response_format : undefined;
      const size = typeof body.size === 'string' ? body.size : undefined;
      imageCalls.push({ model, prompt, n, responseFormat, size });
      const isDallE = model?.startsWith('dall-e') === true;
      const invalid = (message: string, param: string) =>
        sendJson(res, 400, { error: { message, type: 'invalid_request_error', param, code: null } });
      if (prompt.trim() === '') return invalid('Prompt is required.', 'prompt');
      if (model === 'dall-e-3' && n !== 1) return invalid("Invalid 'n': integer above maximum value. Expected a value <= 1.", 'n');
      if (n < 1 || n > 10) return invalid("Invalid 'n'.", 'n');
      if (!isDallE && responseFormat !== undefined) return invalid("Unknown parameter: 'response_format'.", 'response_format');

      const behaviour = behaviours.shift();
      if (behaviour?.kind === 'delay' && !(await waitUnlessGone(res, behaviour.ms))) return;
      if (behaviour?.kind === 'refuse') {
        const code = isDallE ? 'content_policy_violation' : 'moderation_blocked';
        sendJson(res, 400, {
          error: { message: 'Your request was rejected by the safety system.', type: 'image_generation_user_error', param: null, code },
        });
        return;
      }
      if (behaviour?.kind === 'rate_limit') {
        sendJson(
          res,
          429,
          { error: { message: 'Rate limit reached for images per minute (fake).', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
          { 'retry-after': String(behaviour.retryAfterSeconds ?? 20) },
        );
        return;
      }
      if (behaviour?.kind === 'fail') {
        sendJson(res, behaviour.status, { error: { message: 'The server had an error (fake).', type: 'server_error', param: null, code: null } });
        return;
      }
      const data = Array.from({ length: n }, () => {
        serial += 1;
        const b64 = fakePng(serial).toString('base64');
        return isDallE && responseFormat !== 'b64_json' ? { url: `https://images.invalid/${serial}.png` } : { b64_json: b64 };
      });
      sendJson(res, 200, {
        created: Math.floor(Date.now() / 1000),
        data,
        ...(isDallE ? {} : { output_format: 'png', size: size ?? '1024x1024', quality: 'medium', background: 'opaque' }),
      });
    },
  };
}
