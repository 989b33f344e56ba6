// The stack needs Node >= 22 (MikroORM 7, pg-boss 12, vitest 5). `npm run` puts the pinned
// Node 24 from node_modules/.bin first on PATH; a bare ./node_modules/.bin/vitest from a
// shell would silently use the system Node instead. Fail loudly rather than half-work.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  throw new Error(`Tests need Node >= 22 but run on ${process.versions.node}; use "npm test" or "npx vitest".`);
}
