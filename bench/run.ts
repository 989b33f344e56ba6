import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// `npm run bench`: every bench/*.bench.ts in turn (or those named on the command line).
// Each prints its measurements as ratios against a baseline it measures in the same run,
// so the numbers mean the same on a fast or a slow machine.
const dir = 'bench';
const requested = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => requested.length === 0 || requested.some((name) => file.includes(name)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n### ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
if (benches.length === 0) console.log('no benchmarks matched');
process.exit(failed === 0 ? 0 : 1);
