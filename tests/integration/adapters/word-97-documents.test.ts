import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DocumentFileContents } from '../../../adapters/documents/file-contents';
import { ReaderError } from '../../../core/readers/reader';
import { docxWithText } from '../../fakes/web/documents';

/** Word 97–2003 files (`.doc`) shared in Slack: read as text by word-extractor in a thread (ADR 95). */
describe('DocumentFileContents: Word 97–2003 documents', () => {
  const contents = new DocumentFileContents();
  const doc = (name = 'minutes.doc') => ({ id: 'F1', name, mimetype: 'application/msword', filetype: 'doc', size: 10 });
  /** Made by LibreOffice from minutes.fodt beside it (tests/fixtures/documents/README.md). */
  const minutes = readFileSync(new URL('../../fixtures/documents/minutes.doc', import.meta.url));

  it('reads the text of a .doc: paragraphs, Japanese, a table row by row, then its text box and its footnotes', async () => {
    expect(contents.kindOf(doc())).toBe('text');
    // Slack sometimes knows only the extension.
    expect(contents.kindOf({ ...doc(), mimetype: 'application/octet-stream' })).toBe('text');

    expect(await contents.extract(minutes, doc())).toEqual({
      text: [
        'Board minutes',
        'The lighthouse budget was approved at 41,000 yen.',
        '灯台の予算は承認されました。',
        'For\t7',
        'Against\t2',
        'Actions:',
        'Next meeting on 3 March.',
        '',
        'Text boxes:',
        'Aiko orders the new lamp by Friday.',
        '',
        'Footnotes:',
        'Figures from the Q3 report.',
      ].join('\n'),
    });
  });

  it('reads a Word 2007+ file saved under .doc as the DOCX it is', async () => {
    expect(await contents.extract(docxWithText('Launch plan', ['Ship the beta on 3 March.']), doc('plan.doc'))).toEqual({ text: '# Launch plan\n\nShip the beta on 3 March.' });
  });

  it('refuses bytes that are no Word document, a cut one, a compound file of garbage and one whose sectors loop as a kind of file Tomo cannot read', async () => {
    const oleGarbage = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096, 0xff)]);
    // The directory's sector chain points back at itself (its FAT entry names its own sector).
    const looping = Buffer.from(minutes);
    const directory = looping.readUInt32LE(0x30);
    looping.writeUInt32LE(directory, 512 + looping.readUInt32LE(0x4c) * 512 + directory * 4);
    for (const bytes of [Buffer.from('Just some text, not a Word file.'), minutes.subarray(0, 1024), oleGarbage, looping]) {
      const failure = await contents.extract(bytes, doc()).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ReaderError);
      expect(failure).toMatchObject({ failure: 'unsupported' });
    }
    // The next file still reads.
    expect(await contents.extract(minutes, doc())).toMatchObject({ text: expect.stringContaining('Board minutes') });
  });
});
