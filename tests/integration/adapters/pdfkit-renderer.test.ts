import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { PdfkitRenderer } from '../../../adapters/pdf/pdfkit-renderer';
import { parseMrkdwn } from '../../../core/creations/mrkdwn';
import type { PdfDocument } from '../../../core/creations/pdf-document';

const names = { user: () => 'はなこ', channel: () => 'general' };

/** A PDF of one thread: each message is [author, mrkdwn text]. */
function thread(...messages: ReadonlyArray<readonly [string, string]>): PdfDocument {
  return {
    title: 'Thread in #general',
    subtitle: 'Saved by Ada 🌸 on Nov 22, 2026 · times in UTC',
    language: 'en',
    messages: messages.map(([author, text], i) => ({ author, time: 'Nov 22, 2026, 9:00 AM', blocks: parseMrkdwn(text, names), attachments: [], reply: i > 0 })),
  };
}

async function render(document: PdfDocument) {
  const bytes = await new PdfkitRenderer().render(document);
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  const items = (await (await pdf.getPage(1)).getTextContent()).items.flatMap((item) => ('str' in item && item.str.trim() !== '' ? [{ text: item.str, baseline: item.transform[5] as number }] : []));
  return { bytes: Buffer.from(bytes), text, items };
}

describe('PdfkitRenderer: emoji through the Noto Emoji fallback font', () => {
  it('draws emoji in display names and messages, so the text layer holds them and no U+0000; Japanese still extracts', async () => {
    const { text } = await render(thread(['Ada 🌸', 'Deployed ✅ 🚀 👩‍💻'], ['はなこ', '日本語版は*金曜日*の朝に公開します。🙏']));

    expect(text).not.toContain('\u0000');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Saved by Ada 🌸 on');
    expect(flat).toContain('Ada 🌸 Nov 22, 2026, 9:00 AM');
    expect(flat).toContain('Deployed ✅ 🚀 👩‍💻');
    expect(flat).toContain('日本語版は金曜日の朝に公開します。🙏');
  });

  it('sits emoji on the line of the text around them', async () => {
    const { items } = await render(thread(['Ada 🌸', 'Deployed ✅ 🚀 and *done* 🎉']));
    const baseline = (text: string) => items.find((item) => item.text.includes(text))!.baseline;
    expect(baseline('✅')).toBeCloseTo(baseline('Deployed'), 1);
    expect(baseline('🎉')).toBeCloseTo(baseline('done'), 1);
  });

  it('keeps sequences whole: variation selectors, keycaps, flags, ZWJ sequences; a skin tone falls back to its base emoji', async () => {
    const { text } = await render(thread(['Ada', '⚠️ careful 1️⃣ 🇯🇵 👍🏽 🏴‍☠️ ❤️ and plain ⚠ © ™']));

    expect(text).not.toContain('\u0000');
    expect(text.replace(/\s+/g, ' ')).toContain('⚠️ careful 1️⃣ 🇯🇵 👍 🏴‍☠️ ❤️ and plain ⚠ © ™');
  });

  it('emoji in a link, bold and a code block: the link stays a link, the code box text extracts', async () => {
    const { text, bytes } = await render(thread(['Ada', '*ship it* 🚀 <https://example.com/notes|the notes 📝>\n```✅ passed 12\n❌ failed 0```']));

    expect(text.replace(/\s+/g, ' ')).toContain('ship it 🚀 the notes 📝 ✅ passed 12 ❌ failed 0');
    expect(bytes.toString('latin1')).toContain('(https://example.com/notes)');
  });

  it('a script no font covers (Hangul, Thai) is still empty boxes, but U+FFFD in the text layer, not U+0000', async () => {
    const { text } = await render(thread(['Ada', 'hello 안녕 สวัสดี bye']));

    expect(text).not.toContain('\u0000');
    expect(text.replace(/\s+/g, ' ')).toContain('hello \ufffd\ufffd \ufffd\ufffd\ufffd\ufffd\ufffd\ufffd bye');
  });
});
