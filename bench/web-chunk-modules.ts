import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

// What a built chunk is made of, per source module or per package, from its sourcemap:
//   WEB_SOURCEMAP=1 npm run build:web
//   npx tsx bench/web-chunk-modules.ts apps/web/dist/assets/framework-*.js [--packages]
// Each minified byte is attributed to the module its mapping points at; "KiB gz" gzips each
// module's bytes on their own, so the column adds up to a little more than the whole chunk
// gzipped (printed last), which is what a browser downloads.
const args = process.argv.slice(2);
const byPackage = args.includes('--packages');
const files = args.filter((arg) => !arg.startsWith('--'));
if (files.length === 0) {
  console.error('usage: npx tsx bench/web-chunk-modules.ts <chunk.js> [...] [--packages]');
  process.exit(1);
}

const glue = '(bundler glue)';
const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = base64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >> 1) : value >> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

function packageOf(source: string): string {
  if (source === glue) return glue;
  const at = source.lastIndexOf('node_modules/');
  if (at < 0) return 'app';
  const parts = source.slice(at + 'node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

function modulesOf(file: string): Map<string, string> {
  const code = readFileSync(file, 'utf8');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  const bytes = new Map<string, string>();
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const text = lines[lineIndex] ?? '';
    let column = 0;
    const points: { column: number; source: number | undefined }[] = [];
    for (const segment of line ? line.split(',') : []) {
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      if (fields.length > 1) source += fields[1] ?? 0;
      points.push({ column, source: fields.length > 1 ? source : undefined });
    }
    points.forEach((point, index) => {
      const end = points[index + 1]?.column ?? text.length;
      const name = point.source === undefined ? glue : map.sources[point.source]!.replace(/^(\.\.\/)+/, '');
      const key = byPackage ? packageOf(name) : name;
      bytes.set(key, (bytes.get(key) ?? '') + text.slice(point.column, end));
    });
  });
  return bytes;
}

const kib = (n: number) => (n / 1024).toFixed(1).padStart(8);
for (const file of files) {
  const rows = [...modulesOf(file)]
    .map(([name, text]) => ({ name, raw: text.length, gz: gzipSync(text, { level: 9 }).length }))
    .sort((a, b) => b.gz - a.gz);
  console.log(`\n${file}\n${'KiB min'.padStart(8)} ${'KiB gz'.padStart(8)}  module`);
  for (const row of rows) console.log(`${kib(row.raw)} ${kib(row.gz)}  ${row.name}`);
  console.log(`whole chunk: ${kib(readFileSync(file).length).trim()} KiB min, ${kib(gzipSync(readFileSync(file), { level: 9 }).length).trim()} KiB gz`);
}
