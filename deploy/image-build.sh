#!/usr/bin/env sh
# The image's build recipe, in one place: the Dockerfile runs it, and CI runs it outside Docker
# (deploy/image-check.sh), so the recipe is tested on every change even without a Docker engine.
#   deploy/image-build.sh deps   after copying package.json, package-lock.json, .npmrc (cached layer)
#   deploy/image-build.sh app    after copying the sources
#   deploy/image-build.sh        both
# Leaves dist/ (server, worker, migrate, stripe-sync), apps/web/dist/ (the site) and
# node_modules/ with production dependencies only: no TypeScript loader, no Vite.
set -eu
phase="${1:-all}"
if [ "$phase" = deps ] || [ "$phase" = all ]; then
  npm ci --no-audit --no-fund
fi
if [ "$phase" = app ] || [ "$phase" = all ]; then
  npm run build
  npm prune --omit=dev --no-audit --no-fund
  # What the runtime stage copies must be there.
  for file in dist/server.js dist/worker.js dist/migrate.js dist/start.js apps/web/dist/index.html; do
    test -f "$file" || { echo "image build: $file is missing" >&2; exit 1; }
  done
fi
