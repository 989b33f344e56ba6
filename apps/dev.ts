import { spawn, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';

// `npm run dev`: server + worker restart on change (tsx watch), and the web app is rebuilt
// (with its prerendered pages) whenever apps/web or core changes. Reload the browser after
// "web rebuilt".
const node = process.execPath;
let building: ChildProcess | undefined;
let again = false;
let timer: NodeJS.Timeout | undefined;

function buildWeb(): void {
  if (building) {
    again = true;
    return;
  }
  const started = Date.now();
  building = spawn(node, ['node_modules/vite/bin/vite.js', 'build', '--config', 'apps/web/vite.config.ts', '--configLoader', 'native', '--mode', 'development', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  building.on('exit', (code) => {
    building = undefined;
    console.log(code === 0 ? `web rebuilt in ${Date.now() - started} ms` : 'web build failed');
    startApp();
    if (again) {
      again = false;
      buildWeb();
    }
  });
}

function onChange(_event: string, file: string | null): void {
  if (file && /routeTree\.gen\.ts$|(^|\/)dist\//.test(file)) return;
  clearTimeout(timer);
  timer = setTimeout(buildWeb, 300);
}

buildWeb();
watch('apps/web/src', { recursive: true }, onChange);
watch('core', { recursive: true }, onChange);

// After the first web build: the server reads the build's inline script hashes for its
// Content-Security-Policy when it starts (ADR 10).
let app: ChildProcess | undefined;
function startApp(): void {
  if (app) return;
  app = spawn(node, ['--import', 'tsx', '--watch', 'apps/start.ts'], { stdio: 'inherit' });
  app.on('exit', (code) => process.exit(code ?? 0));
}
const stop = () => {
  building?.kill('SIGTERM');
  if (app) app.kill('SIGTERM');
  else process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
