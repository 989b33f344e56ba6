import { DocumentFileContents } from '../adapters/documents/file-contents';
import { docxLyingAboutSize, docxWithText, pdfInflatingTo, pdfWithText, pptxLyingAboutSize, pptxWithSlides, xlsxOfFarCorners, xlsxOfManyCells, xlsxWithSheets } from '../tests/fakes/web/documents';

// `npm run bench hostile-documents`: small shared files built to cost the reader far more than
// their size (a PDF page inflating to 200 MB of text operators, a DOCX of half a million
// one-letter paragraphs, a DOCX whose ZIP declares 2 KB and inflates to 400 MB, an XLSX of a
// million cells, a 2 KB XLSX whose two cells are at a sheet's far corners, a PPTX whose ZIP
// lies), each read with the reader's signal aborting after 2 s, beside an ordinary PDF, DOCX,
// XLSX and PPTX read the same way.
// Printed per file: what the read ended with, the event loop's turns while it ran as a share of
// the 20 ms timer's expected turns (1.00 = never held up), and the peak RSS above the start.
// Ratios and peaks, not wall-clock claims: the readers' tests assert outcomes only.

const contents = new DocumentFileContents();
const pdf = { id: 'F1', name: 'file.pdf', mimetype: 'application/pdf', filetype: 'pdf', size: 1 };
const docx = { id: 'F2', name: 'file.docx', mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', filetype: 'docx', size: 1 };
const xlsx = { id: 'F3', name: 'file.xlsx', mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filetype: 'xlsx', size: 1 };
const pptx = { id: 'F4', name: 'file.pptx', mimetype: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', filetype: 'pptx', size: 1 };

async function measure(label: string, bytes: Uint8Array, file: typeof pdf): Promise<void> {
  const start = process.memoryUsage().rss;
  let peak = start;
  let turns = 0;
  const began = performance.now();
  const timer = setInterval(() => {
    turns += 1;
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const outcome = await contents.extract(bytes, file, { signal: AbortSignal.timeout(2_000) }).then(
    (read) => ('image' in read ? 'an image' : `read ${read.text.length} characters`),
    (error: unknown) => `refused (${error instanceof Error ? error.message : String(error)})`,
  );
  clearInterval(timer);
  const expected = Math.max(1, (performance.now() - began) / 20);
  console.log(
    `${label.padEnd(44)} ${(bytes.byteLength / 1024).toFixed(0).padStart(6)} KB  ${outcome.padEnd(44)} loop ${(turns / expected).toFixed(2)}  peak +${Math.round((peak - start) / 1e6)} MB`,
  );
}

await measure('ordinary PDF (baseline)', pdfWithText(['Q3 report', 'Revenue grew 12 percent.']), pdf);
await measure('ordinary DOCX (baseline)', docxWithText('Plan', ['Ship the beta on 3 March.'], { deflate: true }), docx);
await measure('PDF page inflating to 200 MB of operators', pdfInflatingTo(200), pdf);
await measure('DOCX of 500,000 one-letter paragraphs', docxWithText('Export', Array.from({ length: 500_000 }, () => 'a'), { deflate: true }), docx);
await measure('DOCX whose ZIP lies (2 KB → 400 MB)', docxLyingAboutSize(400), docx);
await measure('ordinary XLSX (baseline)', xlsxWithSheets([{ name: 'Budget', rows: [['Item', 'Cost'], ['Rent', 1200]] }], { deflate: true }), xlsx);
await measure('ordinary PPTX (baseline)', pptxWithSlides([{ shapes: [['Plan'], ['Ship the beta on 3 March.']], notes: ['Say it twice.'] }], { deflate: true }), pptx);
await measure('XLSX of 1 million cells (30 MB of XML)', xlsxOfManyCells(30), xlsx);
await measure('XLSX of two cells at far corners (17 G cells)', xlsxOfFarCorners(), xlsx);
await measure('PPTX whose ZIP lies (2 KB → 400 MB)', pptxLyingAboutSize(400), pptx);
process.exit(0);
