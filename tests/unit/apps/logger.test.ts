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

describe('credentials in errors and nested fields', () => {
  // What a provider's token response looks like once it fails validation after issuing tokens:
  // oauth4webapi's ResponseBodyError keeps the parsed body as an enumerable `cause`, and code
  // that logs the response, the grant or a request keeps the provider's own field names.
  const TOKENS = { access_token: 'at-SECRET-1', refresh_token: 'rt-SECRET-2', id_token: 'id-SECRET-3', token_type: 'mac', expires_in: 3600 };
  const tokenResponseError = () =>
    Object.assign(new Error('unsupported `token_type` value'), { code: 'OAUTH_RESPONSE_BODY_ERROR', status: 400, cause: { body: { ...TOKENS } } });

  it.each(['json', 'pretty'] as const)('never writes a token of any casing or depth (%s)', (format) => {
    const { stream, lines } = sink();
    const logger = createLogger({ format, destination: stream });
    logger.warn({ err: tokenResponseError(), teamId: 'T1', provider: 'gitlab' }, 'integration refresh failed');
    logger.warn({ error: tokenResponseError() }, 'connecting an integration failed');
    logger.warn(tokenResponseError(), 'connecting an integration failed');
    logger.info({ response: { body: { authed_user: { access_token: 'xoxp-SECRET-4' } } }, grant: { tokens: { refreshToken: 'rt-SECRET-5', 'id-token': 'id-SECRET-6' } } }, 'granted');
    logger.info({ ...TOKENS, client_secret: 'cs-SECRET-7', headers: { Authorization: 'Bearer SECRET-8' } }, 'token response');
    const output = lines.join('');
    expect(output).toContain('integration refresh failed');
    expect(output).toContain('unsupported `token_type` value');
    expect(output).toContain('gitlab');
    expect(output).not.toMatch(/SECRET/);
  });

  it('keeps what an operator needs: the error, its code and status, counts named after tokens', () => {
    const { stream, lines } = sink();
    createLogger({ format: 'json', destination: stream }).warn({ err: tokenResponseError(), inputTokens: 120, integrationTokens: 3 }, 'refresh failed');
    const line = JSON.parse(lines.join('')) as { err: Record<string, unknown>; inputTokens: number; integrationTokens: number };
    expect(line.err).toMatchObject({ type: 'Error', message: 'unsupported `token_type` value', code: 'OAUTH_RESPONSE_BODY_ERROR', status: 400 });
    expect(line.err.stack).toContain('unsupported `token_type` value');
    expect(line).toMatchObject({ inputTokens: 120, integrationTokens: 3 });
  });
});

describe('data quoted by database errors', () => {
  // PostgreSQL quotes the refused row in `detail` (and JSON context in `where`); MikroORM appends
  // detail and hint to the message, so the stack's first line has them too.
  const refused = () => {
    const pgError = Object.assign(new Error('invalid input syntax for type json'), { code: '22P02', where: 'JSON data, line 1: {"title":"ZEBRA-2'});
    const message = 'new row for relation "workspace_instructions" violates check constraint "c"\n - detail: Failing row contains (T1, Tone, ZEBRA-1).\n - hint: ZEBRA-3';
    const error = Object.assign(new Error(message), { code: '23514', table: 'workspace_instructions', detail: 'Failing row contains (T1, Tone, ZEBRA-1).', hint: 'ZEBRA-3', cause: pgError });
    error.name = 'CheckConstraintViolationException';
    return error;
  };

  it.each(['json', 'pretty'] as const)('writes the error, its code and table, never the values (%s)', (format) => {
    const { stream, lines } = sink();
    const logger = createLogger({ format, destination: stream });
    logger.error({ err: refused() }, 'request failed');
    logger.warn({ err: { type: 'DriverException', message: refused().message } }, 'knowledge ingestion failed');
    logger.warn({ error: refused().message }, 'frame failed');
    const output = lines.join('');
    expect(output).toContain('violates check constraint');
    expect(output).toContain('23514');
    expect(output).toContain('workspace_instructions');
    expect(output).toContain('invalid input syntax');
    expect(output).not.toMatch(/ZEBRA/);
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
