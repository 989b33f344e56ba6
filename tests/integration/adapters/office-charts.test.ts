import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DocumentFileContents } from '../../../adapters/documents/file-contents';
import { docxWithGraphics, pptxWithGraphics, xlsxWithCharts } from '../../fakes/web/office-graphics';

/** Charts and SmartArt diagrams in Office files, read where they sit (ADR 92). */
describe('DocumentFileContents: charts and SmartArt in decks, Word files and workbooks', () => {
  const contents = new DocumentFileContents();
  const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const file = (name: string, mimetype: string, filetype: string) => ({ id: 'F1', name, mimetype, filetype, size: 10 });
  const sales = { title: 'Sales by quarter', categories: ['Q1', 'Q2', 'Q3'], series: [{ name: 'East', values: [4.3, 2.5, 3.5] }, { name: 'West', values: [2.4, null, 1.8] }] };

  it('reads a slide’s chart (title, categories by series as cached) and SmartArt (its nodes in the order shown) where they sit', async () => {
    const deck = pptxWithGraphics([
      { title: 'Results', graphics: [{ chart: sales }], after: 'West had no Q2 numbers.' },
      { title: 'Process', graphics: [{ smartArt: [{ text: 'Plan', children: [{ text: 'Budget' }, { text: 'Hire' }] }, { text: 'Ship' }], reversePoints: true }] },
      { title: 'Share', graphics: [{ chart: { type: 'pieChart', categories: ['Mobile', 'Web'], series: [{ name: 'Share of visits', values: [0.62, 0.38] }], formatCode: '0%' } }] },
    ]);

    expect(await contents.extract(deck, file('review.pptx', PPTX, 'pptx'))).toEqual({
      text: [
        '## Slide 1',
        'Results',
        'Chart: Sales by quarter',
        '|  | East | West |',
        '| --- | --- | --- |',
        '| Q1 | 4.3 | 2.4 |',
        '| Q2 | 2.5 |  |',
        '| Q3 | 3.5 | 1.8 |',
        'West had no Q2 numbers.',
        '',
        '## Slide 2',
        'Process',
        'SmartArt:',
        '- Plan',
        '  - Budget',
        '  - Hire',
        '- Ship',
        '',
        '## Slide 3',
        'Share',
        'Chart',
        '|  | Share of visits |',
        '| --- | --- |',
        '| Mobile | 62% |',
        '| Web | 38% |',
      ].join('\n'),
    });
  });

  it('reads a Word file’s chart and SmartArt where they are drawn between its paragraphs, which mammoth leaves out', async () => {
    const report = docxWithGraphics(['Sales rose in every quarter.', { chart: sales }, 'How we work:', { smartArt: [{ text: 'Plan', children: [{ text: 'Budget' }] }, { text: 'Ship' }] }, 'Questions to Aiko.']);

    expect(await contents.extract(report, file('report.docx', DOCX, 'docx'))).toEqual({
      text: [
        '# Report',
        '',
        'Sales rose in every quarter.',
        '',
        'Chart: Sales by quarter',
        '|  | East | West |',
        '| --- | --- | --- |',
        '| Q1 | 4.3 | 2.4 |',
        '| Q2 | 2.5 |  |',
        '| Q3 | 3.5 | 1.8 |',
        '',
        'How we work:',
        '',
        'SmartArt:',
        '- Plan',
        '  - Budget',
        '- Ship',
        '',
        'Questions to Aiko.',
      ].join('\n'),
    });
  });

  it('reads a sheet’s charts after its cells, from the drawing the sheet names, dates as ISO dates', async () => {
    const workbook = xlsxWithCharts([
      { name: 'Data', rows: [['Quarter', 'East', 'West'], ['Q1', 4.3, 2.4]], charts: [sales, { title: '売上', type: 'lineChart', categories: ['2024-03-01', '2024-04-01'], categoryDateFormat: 'yyyy/m/d', series: [{ name: '東京', values: [1200, 1350.5] }] }] },
      { name: 'Notes', rows: [['No chart here']], charts: [] },
    ]);

    expect(await contents.extract(workbook, file('sales.xlsx', XLSX, 'xlsx'))).toEqual({
      text: [
        '## Sheet: Data',
        '| Quarter | East | West |',
        '| --- | --- | --- |',
        '| Q1 | 4.3 | 2.4 |',
        '',
        'Chart: Sales by quarter',
        '|  | East | West |',
        '| --- | --- | --- |',
        '| Q1 | 4.3 | 2.4 |',
        '| Q2 | 2.5 |  |',
        '| Q3 | 3.5 | 1.8 |',
        '',
        'Chart: 売上',
        '|  | 東京 |',
        '| --- | --- |',
        // Dates cached as serial numbers, written as ISO dates.
        '| 2024-03-01 | 1200 |',
        '| 2024-04-01 | 1350.5 |',
        '',
        '## Sheet: Notes',
        '| No chart here |',
        '| --- |',
      ].join('\n'),
    });
  });

  it('reads the charts an office suite wrote: LibreOffice’s XLSX and DOCX export of a chart', async () => {
    // Made by LibreOffice from the flat sources beside them (tests/fixtures/documents/README.md).
    const fixture = (name: string) => readFileSync(new URL(`../../fixtures/documents/${name}`, import.meta.url));

    expect(await contents.extract(fixture('sales.xlsx'), file('sales.xlsx', XLSX, 'xlsx'))).toEqual({
      text: ['## Sheet: Sales', '| Quarter | East | West |', '| --- | --- | --- |', '| Q1 | 4.3 | 2.4 |', '| Q2 | 2.5 |  |', '| Q3 | 3.5 | 1.8 |', '', 'Chart: Sales by quarter', '|  | East | West |', '| --- | --- | --- |', '| Q1 | 4.3 | 2.4 |', '| Q2 | 2.5 |  |', '| Q3 | 3.5 | 1.8 |'].join('\n'),
    });
    expect(await contents.extract(fixture('growth.docx'), file('growth.docx', DOCX, 'docx'))).toEqual({
      text: ['# Growth', '', 'Visits rose in spring.', '', 'Chart: Visits by month', '|  | Mobile | Web |', '| --- | --- | --- |', '| March | 1200 | 800 |', '| April | 1350.5 | 790 |', '| May | 1600 | 805 |', '', 'Web stayed flat.'].join('\n'),
    });
  });

  it('reads a hostile chart and diagram within bounds: a point at index 4 billion is left out, connections that loop read each node once, a chart shown 2,000 times is parsed once', async () => {
    const deck = unzipSync(pptxWithGraphics([{ title: 'Odd', graphics: [{ chart: sales }, { smartArt: [{ text: 'Plan', children: [{ text: 'Budget' }] }] }] }]));
    const edit = (name: string, change: (xml: string) => string) => (deck[name] = strToU8(change(strFromU8(deck[name]!))));
    edit('ppt/charts/chart1.xml', (xml) => xml.replace('<c:pt idx="2"><c:v>3.5</c:v></c:pt>', '<c:pt idx="2"><c:v>3.5</c:v></c:pt><c:pt idx="4000000000"><c:v>9</c:v></c:pt>'));
    // Budget's node is made the parent of the document point: a loop.
    edit('ppt/diagrams/data2.xml', (xml) => {
      const ids = [...xml.matchAll(/<dgm:pt modelId="([^"]+)"/g)].map((found) => found[1]!);
      const [doc, , , , , budget] = ids;
      return xml.replace('</dgm:cxnLst>', `<dgm:cxn modelId="{99999999-0000-4000-8000-000000000000}" srcId="${budget}" destId="${doc}" srcOrd="0" destOrd="0"/></dgm:cxnLst>`);
    });
    edit('ppt/slides/slide1.xml', (xml) => {
      const frame = /<p:graphicFrame>.*?<\/p:graphicFrame>/.exec(xml)![0];
      return xml.replace(frame, frame.repeat(2_000));
    });

    const read = await contents.extract(Buffer.from(zipSync(deck)), file('odd.pptx', PPTX, 'pptx'));
    const text = 'text' in read ? (read.text as string) : '';
    const chart = ['Chart: Sales by quarter', '|  | East | West |', '| --- | --- | --- |', '| Q1 | 4.3 | 2.4 |', '| Q2 | 2.5 |  |', '| Q3 | 3.5 | 1.8 |'].join('\n');
    expect(text.startsWith(`## Slide 1\nOdd\n${chart}\n${chart}\n`)).toBe(true);
    expect(text.split('Chart: Sales by quarter').length - 1).toBe(2_000);
    expect(text.endsWith('\nSmartArt:\n- Plan\n  - Budget')).toBe(true);
  }, 60_000);
});
