import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../apps/server/app';
import { listen, type RunningHttpServer } from '../../../apps/shared/http-server';
import { testLogger } from '../../support/logger';

/**
 * What a person reads when the body parsers, the router or an unexpected failure refuse a
 * request: the text in the page's language (X-Tomo-Locale), never English on a Japanese page,
 * never a stack trace.
 */
describe('errors raised outside the routes speak the request language', () => {
  let http: RunningHttpServer;
  let base: string;

  beforeAll(async () => {
    const routes = Router()
      .post('/api/echo', (req, res) => void res.json(req.body))
      .get('/api/things/:id', (req, res) => void res.json({ id: req.params.id }))
      .get('/api/broken', () => {
        throw new Error('database said no at /srv/app/pg.ts:12');
      });
    const app = createApp({ logger: testLogger, readiness: { check: async () => {} }, bodyLimit: '1mb', webDistDir: 'tests/fixtures/web-dist', routes: [routes] });
    http = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${http.port}`;
  });
  afterAll(() => http.close(1000));

  const post = (locale: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/echo`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-tomo-locale': locale, ...headers }, body });

  it('a body over the limit (an instruction pasted 2 MB long) is refused with 413 in English or Japanese', async () => {
    const pasted = JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) });
    const english = await post('en', pasted);
    expect(english.status).toBe(413);
    expect(await english.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'This is too large to send to Tomo in one go. Shorten it and try again.' },
    });
    const japanese = await post('ja', pasted);
    expect(japanese.status).toBe(413);
    expect(await japanese.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: '一度に Tomo へ送るには大きすぎます。短くしてから、もう一度お試しください。' },
    });
  });

  it('a body that is not JSON is refused with 400 INVALID_JSON in English or Japanese', async () => {
    expect(await (await post('en', '{"unterminated": ')).json()).toEqual({
      error: { code: 'INVALID_JSON', message: 'Tomo could not read this request (it is not valid JSON). Reload the page and try again.' },
    });
    const japanese = await post('ja', '{"unterminated": ');
    expect(japanese.status).toBe(400);
    expect(await japanese.json()).toEqual({
      error: {
        code: 'INVALID_JSON',
        message: 'このリクエストを読み取れませんでした（JSON の形式が正しくありません）。ページを再読み込みしてから、もう一度お試しください。',
      },
    });
  });

  it('other client errors (an encoding the parser refuses, a path that cannot be decoded) answer BAD_REQUEST in the request language', async () => {
    const encoding = await post('ja', '{}', { 'content-encoding': 'bogus' });
    expect(encoding.status).toBe(415);
    expect(await encoding.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'このリクエストを処理できませんでした。ページを再読み込みしてから、もう一度お試しください。' },
    });
    const path = await fetch(`${base}/api/things/%E0%A4%A`, { headers: { 'x-tomo-locale': 'en' } });
    expect(path.status).toBe(400);
    expect(await path.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Tomo could not understand this request. Reload the page and try again.' },
    });
  });

  it('an unexpected failure answers the catalogue\'s unknown error in the request language, without internals', async () => {
    const japanese = await fetch(`${base}/api/broken`, { headers: { 'x-tomo-locale': 'ja' } });
    expect(japanese.status).toBe(500);
    const text = await japanese.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'UNKNOWN', message: '不明なエラーが発生しました。しばらくしてからもう一度お試しいただくか、お問い合わせください。' },
    });
    expect(text).not.toContain('pg.ts');
    expect(await (await fetch(`${base}/api/broken`, { headers: { 'accept-language': 'en-US' } })).json()).toEqual({
      error: { code: 'UNKNOWN', message: 'An unknown error has occurred. Please try again later or contact us.' },
    });
  });

  it('an unknown API path answers 404 in the request language', async () => {
    const japanese = await fetch(`${base}/api/nope`, { headers: { 'x-tomo-locale': 'ja' } });
    expect(japanese.status).toBe(404);
    expect(await japanese.json()).toEqual({ error: { code: 'NOT_FOUND', message: '見つかりません。' } });
  });
});
