import { ConfigError } from './config';

/**
 * Runs an entry point. A bad configuration prints its one line and exits 1 (no stack
 * trace); anything else that stops start-up prints its message and exits 1.
 */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`Tomo failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(1);
  });
}

/** Calls `stop` once on SIGTERM or SIGINT, then exits. A second signal exits at once. */
export function onShutdownSignal(stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
}
