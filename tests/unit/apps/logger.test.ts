import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { chooseLogFormat, createLogger, REDACTED_PATHS } from '../../../adapters/logging/logger';

function sink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, lines };
}

function capture() {
  const { stream, lines } = sink();
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

describe('log format', () => {
  it('is pretty on a terminal and JSON lines anywhere else, unless LOG_FORMAT says', () => {
    expect(chooseLogFormat('auto', true)).toBe('pretty');
    expect(chooseLogFormat('auto', false)).toBe('json');
    expect(chooseLogFormat('auto', undefined)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });

  it('writes one JSON object per line in json format', () => {
    const { stream, lines } = sink();
    createLogger({ name: 'tomo-worker', format: 'json', destination: stream }).info({ jobId: 'j1' }, 'job done');
    expect(JSON.parse(lines.join(''))).toMatchObject({ name: 'tomo-worker', level: 30, jobId: 'j1', msg: 'job done' });
  });

  it('writes a readable line in pretty format, redacted the same way', () => {
    const { stream, lines } = sink();
    createLogger({ name: 'tomo', format: 'pretty', destination: stream }).warn({ teamId: 'T1', text: 'private words' }, 'answer failed');
    const line = lines.join('');
    expect(line).toMatch(/WARN.*\(tomo\): answer failed/);
    expect(line).toContain('teamId: "T1"');
    expect(line).not.toContain('private words');
    expect(() => JSON.parse(line)).toThrow();
  });
});
