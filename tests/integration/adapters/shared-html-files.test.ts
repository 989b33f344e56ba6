import { describe, expect, it } from 'vitest';
import { DocumentFileContents } from '../../../adapters/documents/file-contents';

/**
 * An HTML file shared in Slack (a saved page, an exported Confluence or Notion page, a report a
 * tool wrote): the model gets its readable text as Markdown, as for a linked page. Before, it
 * got the markup, and a page's scripts and styles filled the answer's token budget first.
 */
describe('DocumentFileContents: HTML files', () => {
  const contents = new DocumentFileContents();
  const html = (name: string, mimetype = 'text/html') => ({ id: 'F1', name, mimetype, filetype: 'html', size: 10 });
  const page = (body: string, head = '') =>
    `<!doctype html><html><head><title>Incident report</title>${head}<style>${'.nav{color:red}'.repeat(2_000)}</style><script>${'window.track();'.repeat(2_000)}</script></head><body>${body}</body></html>`;

  it('reads the text of a saved page as Markdown, without its scripts and styles', async () => {
    const bytes = Buffer.from(
      page('<nav><a href="/">Home</a></nav><article><h1>Outage on 3 March</h1><p>The <strong>lighthouse API</strong> was down for 41 minutes.</p><ul><li>Cause: an expired certificate</li><li>Fix: automatic renewal</li></ul></article>'),
    );

    const read = await contents.extract(bytes, html('incident.html'));

    expect('text' in read && read.text).toContain('The **lighthouse API** was down for 41 minutes.');
    expect('text' in read && read.text).toMatch(/-\s+Cause: an expired certificate/);
    expect('text' in read && read.text).not.toContain('window.track');
    expect('text' in read && read.text).not.toContain('.nav{');
  });

  it('reads a Japanese page saved in Shift_JIS as its meta tag declares', async () => {
    const head = '<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">';
    const bytes = Buffer.concat([
      Buffer.from(page('<article><h1>', head).replace('</body></html>', '')),
      // 障害報告: 灯台のAPIが41分間停止しました。 in Shift_JIS.
      Buffer.from('8fe18a5195f18d90', 'hex'),
      Buffer.from('</h1><p>'),
      Buffer.from('939491e482cc41504982aa343195aa8ad492e28e7e82b582dc82b582bd8142', 'hex'),
      Buffer.from('</p></article></body></html>'),
    ]);

    const read = await contents.extract(bytes, html('report.htm', 'text/html'));

    expect('text' in read && read.text).toContain('障害報告');
    expect('text' in read && read.text).toContain('灯台のAPIが41分間停止しました。');
  });
});
