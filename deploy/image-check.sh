#!/usr/bin/env bash
# CI's stand-in for `docker build` + `docker run` (no Docker engine on CI machines): lints the
# Dockerfile, runs the image's build recipe (deploy/image-build.sh) in a clean copy of the
# repository holding only what .dockerignore lets through, then starts the result with
# production dependencies only (`node dist/start.js` on an embedded PostgreSQL) and waits for
# /readyz and the home page.
set -Eeuo pipefail
cd "$(dirname "$0")/.."
npx --no-install dockerfile-utils lint Dockerfile

work="$(mktemp -d)"
chmod 755 "$work" # as root, the embedded PostgreSQL (user postgres) keeps its cluster in here
app=""
cleanup() {
  # SIGTERM: Tomo stops its embedded PostgreSQL before it exits.
  if [ -n "$app" ]; then kill "$app" 2>/dev/null || true; wait "$app" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The build context: tracked files minus .dockerignore's exclusions.
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$work"
(cd "$work" && grep -v '^\s*#' .dockerignore | grep -v '^!' | sed '/^\s*$/d' | while read -r pattern; do rm -rf ./$pattern; done)
test ! -e "$work/tests" && test ! -e "$work/.git"

(cd "$work" && sh deploy/image-build.sh)
test ! -e "$work/node_modules/tsx" && test ! -e "$work/node_modules/vite" || { echo "image: dev dependencies left in node_modules" >&2; exit 1; }

# Node 24 as in the image (this clone's pinned one: npm prune removed it from the copy).
node24="$PWD/node_modules/.bin/node"
port="$("$node24" -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")"
(cd "$work" && NODE_ENV=production PORT="$port" DATA_DIR="$work/data" LOG_LEVEL=error exec "$node24" dist/start.js) &
app=$!
"$node24" -e "
const deadline = Date.now() + 90000;
(async () => {
  for (;;) {
    try {
      const ready = await fetch('http://127.0.0.1:$port/readyz');
      if (ready.ok && (await (await fetch('http://127.0.0.1:$port/')).text()).includes('<html')) break;
    } catch {}
    if (Date.now() > deadline) { console.error('image check: /readyz did not answer'); process.exit(1); }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
})();
"
echo "image check: built by deploy/image-build.sh and started from production dependencies only"
