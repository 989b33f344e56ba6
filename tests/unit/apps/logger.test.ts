import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACTED_PATHS } from '../../../adapters/logging/logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, stream);
  return { logger, lines };
}

describe('logger redaction', () => {
  it('never writes tokens, cookies, authorization headers or message text', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        botToken: 'xoxb-secret',
        installation: { accessToken: 'xoxp-secret' },
        req: { headers: { authorization: 'Bearer sk-secret', cookie: 'tomo_session=abc' } },
        text: 'my patient has a fever',
        event: { text: 'summarise this thread', channel: 'C1' },
        prompt: 'You are Tomo',
        messages: [{ role: 'user', content: 'hello' }],
      },
      'event received',
    );
    const line = lines.join('');
    for (const secret of ['xoxb-secret', 'xoxp-secret', 'sk-secret', 'tomo_session=abc', 'fever', 'summarise', 'You are Tomo', 'hello']) {
      expect(line).not.toContain(secret);
    }
    expect(JSON.parse(line)).toMatchObject({ event: { channel: 'C1', text: '[redacted]' }, msg: 'event received' });
  });
});
