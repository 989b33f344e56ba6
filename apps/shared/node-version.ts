// The first thing every compiled entry point runs (apps/build.ts wraps each one): an older Node
// would otherwise stop inside a dependency with its stack trace (undici's zstd on Node 20) or,
// worse, start. The rest of the program is imported only after this check passes, so this
// module alone has to parse on old Node: plain functions and template strings, nothing newer
// than Node 18 understands, and no imports.

export const REQUIRED_NODE_MAJOR = 24;

/** The line an older Node gets, or undefined when `version` (process.versions.node) will do. */
export function unsupportedNodeMessage(version: string): string | undefined {
  const major = Number(version.split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  return `Tomo needs Node.js ${REQUIRED_NODE_MAJOR} or later; this is Node.js ${version}.`;
}

/** Prints the line and exits 1 on an older Node; returns otherwise. */
export function requireSupportedNode(): void {
  const message = unsupportedNodeMessage(process.versions.node);
  if (message === undefined) return;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
