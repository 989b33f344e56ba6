import { readFileSync } from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS } from '../../../adapters/documents/document-text';
import { OFFICE_CUT_NOTE } from '../../../adapters/documents/office-text';
import { DocumentFileContents } from '../../../adapters/documents/file-contents';
import { InMemoryChatPlatformFactory, InMemoryChatWorkspace } from '../../../adapters/memory/in-memory-chat-platform';
import { ApproximateTokenizer } from '../../../adapters/memory/approximate-tokenizer';
import { ReaderRegistry } from '../../../core/readers/reader-registry';
import { slackFileReader } from '../../../core/readers/slack-file.reader';
import { NO_RESOURCES } from '../../../core/tools/tool';
import { odfPackage, odsCustomerExport, odsOfLongRows, odsRepeatBomb, odsWithFillerRows, odtEncrypted, odtNestedSpans, odtOfEmptyParagraphs, odtWithExternalEntity } from '../../fakes/web/opendocument';

/** OpenDocument files (`.odt`, `.ods`, `.odp`) shared in Slack: read as text by fflate and linkedom in a thread (ADR 94). */
describe('DocumentFileContents: OpenDocument text, spreadsheets and presentations', () => {
  const contents = new DocumentFileContents();
  const ODT = 'application/vnd.oasis.opendocument.text';
  const ODS = 'application/vnd.oasis.opendocument.spreadsheet';
  const ODP = 'application/vnd.oasis.opendocument.presentation';
  const file = (name: string, mimetype: string, filetype: string, id = 'F1') => ({ id, name, mimetype, filetype, size: 10 });
  /** Made by LibreOffice from the flat sources beside them (tests/fixtures/documents/README.md). */
  const fixture = (name: string) => readFileSync(new URL(`../../fixtures/documents/${name}`, import.meta.url));
  /** Files of `workspace` read for one answer, as the Slack file reader reads them: what the model is told. */
  const readFiles = (workspace: InMemoryChatWorkspace, files: readonly ReturnType<typeof file>[]) =>
    new ReaderRegistry([slackFileReader(contents)]).read({
      sources: files.map((shared) => ({ type: 'file' as const, file: shared, messageTs: '1' })),
      limits: { linksPerAnswer: 1, filesPerAnswer: files.length, tokensPerAnswer: 4_000 },
      enabledPlugins: new Set(),
      resources: NO_RESOURCES,
      context: { teamId: 'T1', userId: 'UA', locale: 'en', platform: new InMemoryChatPlatformFactory(workspace).forWorkspace({ teamId: 'T1', botToken: 'x' }) },
      showStatus: async () => undefined,
      tokenizer: new ApproximateTokenizer(),
    });

  it('reads a text document as Markdown: headings, paragraphs with their spaces, tabs and line breaks, nested lists, a table, a picture’s alt text, its footnote at the end', async () => {
    expect(contents.kindOf(file('plan.odt', ODT, 'odt'))).toBe('text');
    // Slack sometimes knows only the extension.
    expect(contents.kindOf(file('plan.odt', 'application/octet-stream', 'odt'))).toBe('text');

    expect(await contents.extract(fixture('plan.odt'), file('plan.odt', ODT, 'odt'))).toEqual({
      text: [
        '# Launch plan',
        '',
        'Ship the beta on 3 March.[1]',
        '',
        '## 予定',
        '',
        '灯台の予算は承認されました。',
        '',
        'Code:   x\ty',
        'next line',
        '',
        '- Invite 40 customers',
        '- Write the notes',
        '  - in English and 日本語',
        '',
        '| Task | Owner |',
        '| --- | --- |',
        '| Beta \\| QA | Aiko |',
        '',
        '[image: Sales chart: Up 12%]',
        '',
        'Next meeting on 10 March.',
        '',
        'Footnotes:',
        '[1] If QA signs off.',
      ].join('\n'),
    });
  });

  it('keeps a numbered list’s numbers (format, level, start value, a list that continues one before it, a style of styles.xml) and reads comments as a Word file’s are: marked where they end, listed after the text with their authors', async () => {
    // checklist.odt and checklist.docx: LibreOffice saved both from checklist.fodt.
    const comments = ['Comments:', '[AS1] Aiko Sato: Is Friday still the date?', '[KM2] Ken Mori: Which server? The new one?'].join('\n');
    expect(await contents.extract(fixture('checklist.odt'), file('checklist.odt', ODT, 'odt'))).toEqual({
      text: [
        '# Release checklist',
        '',
        'Read this before Friday[AS1].',
        '',
        'The staging server[KM2] is ready.',
        '',
        '1. Freeze the branch',
        '  a) Tell the team',
        '  b) Tag it',
        '2. Run the tests',
        '',
        'After lunch:',
        '',
        '3. Ship it',
        '',
        '- Bring coffee',
        '',
        'iii. 手順を確認する',
        'iv. 結果を共有する',
        '',
        'Owners:',
        '',
        // A list style of styles.xml (LibreOffice's "Numbering 123"), not of content.xml.
        '1. Aiko',
        '2. Ken',
        '',
        comments,
      ].join('\n'),
    });

    const word = await contents.extract(fixture('checklist.docx'), file('checklist.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'));
    const text = 'text' in word ? (word.text as string) : '';
    expect(text).toContain('Read this before Friday[AS1].\n\nThe staging server[KM2] is ready.');
    expect(text.endsWith(`\n\n${comments}`)).toBe(true);
  });

  it('reads a table inside a table’s cell, and a list in one, as the cell’s words', async () => {
    const cell = (content: string) => `<table:table-cell>${content}</table:table-cell>`;
    const inner = `<table:table><table:table-row>${cell('<text:p>North</text:p>')}${cell('<text:p>South</text:p>')}</table:table-row></table:table>`;
    const list = '<text:list><text:list-item><text:p>Aiko</text:p></text:list-item><text:list-item><text:p>Ren</text:p></text:list-item></text:list>';
    const document = odfPackage('odt', `<table:table><table:table-row>${cell('<text:p>Regions</text:p>' + inner)}${cell(list)}</table:table-row></table:table>`);

    expect(await contents.extract(document, file('regions.odt', ODT, 'odt'))).toEqual({ text: '| Regions North South | Aiko Ren |\n| --- | --- |' });
  });

  it('reads every sheet of a spreadsheet as a Markdown table, as an Excel workbook: dates as ISO dates, TRUE/FALSE, repeated cells written out, empty rows and trailing columns left out', async () => {
    expect(contents.kindOf(file('budget.ods', 'application/octet-stream', 'ods'))).toBe('text');

    expect(await contents.extract(fixture('budget.ods'), file('budget.ods', ODS, 'ods'))).toEqual({
      text: [
        '## Sheet: 予算',
        '| 項目 | Cost | Due | Paid |',
        '| --- | --- | --- | --- |',
        '| Rent \\| office | 1200 | 2024-03-01 | TRUE |',
        '| 家賃 | 3.5 | 2024-03-01 09:30 | FALSE |',
        '| same | same |  |  |',
        '',
        '## Sheet: Notes',
        '| Signed off by Aiko |',
        '| --- |',
        '| Second line of one cell |',
        '',
        '## Sheet: Blank',
        '(empty)',
      ].join('\n'),
    });
  });

  it('reads a presentation slide by slide, as a PowerPoint deck: its frames’ lines, a table’s rows, then its speaker notes', async () => {
    expect(contents.kindOf(file('review.odp', 'application/octet-stream', 'odp'))).toBe('text');

    expect(await contents.extract(fixture('review.odp'), file('review.odp', ODP, 'odp'))).toEqual({
      text: [
        '## Slide 1',
        'Q3 review',
        'Revenue grew 12%',
        'Churn fell',
        'to 2%',
        '',
        'Speaker notes:',
        'Start with the churn story.',
        '',
        '## Slide 2',
        '次の一手',
        '| Region | Target |',
        '| --- | --- |',
        '| EMEA | 40 |',
        '',
        '## Slide 3',
        'Questions?',
      ].join('\n'),
    });
  });

  it('reads a sheet LibreOffice ended with an empty row repeated to row 1,048,576 and cells to column 16,384 without expanding them', async () => {
    const sheet = odsWithFillerRows([
      ['Task', 'Owner'],
      ['Ship', 'Aiko'],
    ]);
    expect(sheet.length).toBeLessThan(2_000);

    expect(await contents.extract(sheet, file('plan.ods', ODS, 'ods'), { signal: AbortSignal.timeout(15_000) })).toEqual({
      text: '## Sheet: Plan\n| Task | Owner |\n| --- | --- |\n| Ship | Aiko |',
    });
  });

  it('refuses hostile files as too large (a cell repeated over a whole sheet, 500,000 elements, spans nested 2,000 deep) before expanding or parsing them, then reads the next file', async () => {
    const bomb = odsRepeatBomb();
    expect(bomb.length).toBeLessThan(1_000);
    await expect(contents.extract(bomb, file('bomb.ods', ODS, 'ods'))).rejects.toMatchObject({ failure: 'too_large' });
    await expect(contents.extract(odtOfEmptyParagraphs(500_000), file('many.odt', ODT, 'odt'))).rejects.toMatchObject({ failure: 'too_large' });
    await expect(contents.extract(odtNestedSpans(2_000), file('nested.odt', ODT, 'odt'))).rejects.toMatchObject({ failure: 'too_large' });

    expect(await contents.extract(odtNestedSpans(3), file('nested.odt', ODT, 'odt'))).toEqual({ text: 'Deep inside' });
  }, 60_000);

  it('cuts a long spreadsheet and a long text at the text budget and says so', async () => {
    for (const [bytes, shared] of [
      [odsOfLongRows(1_000, 1_000), file('export.ods', ODS, 'ods')],
      [odfPackage('odt', `<text:p>${'y'.repeat(1_000)}</text:p>`.repeat(1_000)), file('long.odt', ODT, 'odt')],
    ] as const) {
      const read = await contents.extract(bytes, shared);
      const text = 'text' in read ? (read.text as string) : '';
      expect(text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
      expect(text.endsWith(`\n\n${OFFICE_CUT_NOTE}`)).toBe(true);
    }
  }, 60_000);

  it('marks a sheet and a slide LibreOffice hides (table:display="false", presentation:visibility="hidden" in their styles), as an XLSX\'s and a PPTX\'s are', async () => {
    const row = (text: string) => `<table:table-row><table:table-cell office:value-type="string"><text:p>${text}</text:p></table:table-cell></table:table-row>`;
    const sheets = odfPackage('ods', `<table:table table:name="Plan" table:style-name="ta1">${row('Ship')}</table:table><table:table table:name="Rates" table:style-name="ta2">${row('1.08')}</table:table>`, {
      automaticStyles:
        '<style:style style:name="ta1" style:family="table"><style:table-properties table:display="true"/></style:style>' +
        '<style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style>',
    });

    expect(await contents.extract(sheets, file('plan.ods', ODS, 'ods'))).toEqual({ text: '## Sheet: Plan\n| Ship |\n| --- |\n\n## Sheet: Rates (hidden)\n| 1.08 |\n| --- |' });

    const slide = (style: string, text: string) => `<draw:page draw:style-name="${style}"><draw:frame><draw:text-box><text:p>${text}</text:p></draw:text-box></draw:frame></draw:page>`;
    const deck = odfPackage('odp', slide('dp1', 'Agenda') + slide('dp2', 'Backup numbers'), {
      automaticStyles:
        '<style:style style:name="dp1" style:family="drawing-page"><style:drawing-page-properties presentation:visibility="visible"/></style:style>' +
        '<style:style style:name="dp2" style:family="drawing-page"><style:drawing-page-properties presentation:visibility="hidden"/></style:style>',
    });
    expect(await contents.extract(deck, file('talk.odp', ODP, 'odp'))).toEqual({ text: '## Slide 1\nAgenda\n\n## Slide 2 (hidden)\nBackup numbers' });
  });

  it('reads a text document\'s footnotes and endnotes after its text, each marked where it is cited', async () => {
    const note = (kind: string, citation: string, text: string, label = '') =>
      `<text:note text:note-class="${kind}"><text:note-citation${label ? ` text:label="${label}"` : ''}>${citation}</text:note-citation><text:note-body><text:p>${text}</text:p><text:p>Second paragraph.</text:p></text:note-body></text:note>`;
    const document = odfPackage(
      'odt',
      `<text:h text:outline-level="1">Budget${note('footnote', '1', 'Approved in March.')}</text:h>` +
        `<text:p>We spend 40%${note('footnote', '2', 'Of the whole year.')} on travel${note('endnote', 'i', 'See the appendix.')} and more${note('footnote', '†', 'A custom mark.', '†')}.</text:p>`,
    );

    expect(await contents.extract(document, file('budget.odt', ODT, 'odt'))).toEqual({
      text: [
        '# Budget[1]',
        '',
        'We spend 40%[2] on travel[i] and more[†].',
        '',
        'Footnotes:',
        '[1] Approved in March. Second paragraph.',
        '[2] Of the whole year. Second paragraph.',
        '[†] A custom mark. Second paragraph.',
        '',
        'Endnotes:',
        '[i] See the appendix. Second paragraph.',
      ].join('\n'),
    });
  });

  it('reads the first rows of a 50,000-row export up to the text budget and says the rest was not read, instead of refusing it as too large', async () => {
    const read = await contents.extract(odsCustomerExport(50_000), file('customers.ods', ODS, 'ods'));
    const text = 'text' in read ? (read.text as string) : '';

    expect(text.startsWith(['## Sheet: Customers', '| id | name | region | amount | date |', '| --- | --- | --- | --- | --- |', '| 0 | Customer 0 | EMEA | 0 | 2024-01-10 |', '| 1 | Customer 1 | APAC | 79.19 | 2024-02-11 |'].join('\n'))).toBe(true);
    expect(text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    expect(text.endsWith(`\n\n${OFFICE_CUT_NOTE}`)).toBe(true);
    // Rows stay whole up to the note.
    expect(text.slice(0, -`\n\n${OFFICE_CUT_NOTE}`.length).split('\n').at(-1)).toMatch(/^\| \d+ \| Customer \d+ \| (?:EMEA|APAC|AMER) \| [\d.]+ \| 2024-\d\d-\d\d \|$/);
  }, 60_000);

  it('reads a spreadsheet whose body opens with a comment before its sheets, as any other', async () => {
    const sheet = '<table:table table:name="Plan"><table:table-row><table:table-cell office:value-type="string"><text:p>Ship</text:p></table:table-cell></table:table-row></table:table>';
    const entries = unzipSync(odfPackage('ods', sheet));
    entries['content.xml'] = strToU8(strFromU8(entries['content.xml']!).replace('<office:body>', '<office:body><!-- exported by a script -->'));
    const commented = Buffer.from(zipSync(entries));
    expect(await contents.extract(commented, file('plan.ods', ODS, 'ods'))).toEqual({ text: '## Sheet: Plan\n| Ship |\n| --- |' });
  });

  it('keeps a cut sheet\'s rows whole and cuts a presentation inside the slide that goes beyond the text budget', async () => {
    const sheet = await contents.extract(odsOfLongRows(1_000, 1_000), file('export.ods', ODS, 'ods'));
    const rows = ('text' in sheet ? (sheet.text as string) : '').slice(0, -`\n\n${OFFICE_CUT_NOTE}`.length).split('\n');
    expect(rows.at(-1)).toBe(`| ${'x'.repeat(1_000)} |`);

    const slide = (text: string) => `<draw:page><draw:frame><draw:text-box><text:p>${text}</text:p></draw:text-box></draw:frame></draw:page>`;
    const deck = odfPackage('odp', slide('Agenda') + slide('word '.repeat(MAX_TEXT_CHARS / 2).trim()) + slide('Questions?'));
    const read = await contents.extract(deck, file('talk.odp', ODP, 'odp'));
    const text = 'text' in read ? (read.text as string) : '';
    expect(text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    expect(text.startsWith('## Slide 1\nAgenda\n\n## Slide 2\nword word')).toBe(true);
    expect(text.endsWith(`\n\n${OFFICE_CUT_NOTE}`)).toBe(true);
    // The slide that did not fit is read up to the room left: its words run up to the note.
    expect(text.slice(-OFFICE_CUT_NOTE.length - 22, -OFFICE_CUT_NOTE.length - 2)).toMatch(/^[word ]{20}$/);
    expect(text).not.toContain('Questions?');
  }, 60_000);

  it('tells the model that a password-protected file, one declaring entities (file:///etc/passwd), or bytes that are no OpenDocument file are a kind of file Tomo cannot read, and one of empty paragraphs has no text', async () => {
    const workspace = new InMemoryChatWorkspace();
    const files = [file('secret.odt', ODT, 'odt', 'F1'), file('entity.odt', ODT, 'odt', 'F2'), file('broken.ods', ODS, 'ods', 'F3'), file('blank.odp', ODP, 'odp', 'F4'), file('blank.odt', ODT, 'odt', 'F5')];
    workspace.fileContents.set('F1', odtEncrypted());
    workspace.fileContents.set('F2', odtWithExternalEntity('file:///etc/passwd'));
    workspace.fileContents.set('F3', Buffer.from('not a zip'));
    workspace.fileContents.set('F4', odfPackage('odp', '<draw:page draw:name="page1"><draw:frame><draw:text-box><text:p> </text:p></draw:text-box></draw:frame></draw:page>'));
    workspace.fileContents.set('F5', odtOfEmptyParagraphs(3));

    const read = await readFiles(workspace, files);

    for (const name of ['secret.odt', 'entity.odt', 'broken.ods']) expect(read.text).toContain(`Could not read the file "${name}": Tomo cannot read this kind of content.`);
    for (const name of ['blank.odp', 'blank.odt']) expect(read.text).toContain(`Could not read the file "${name}": it has no text Tomo can read`);
    expect(read.text).not.toContain('root:');
    expect(read.text).not.toContain('&x;');
  }, 60_000);
});
