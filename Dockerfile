# syntax=docker/dockerfile:1
# Tomo: one image for the server, the worker and the migration job (docs/deploy.md).
#   docker build -t tomo --build-arg PUBLIC_URL=https://tomo.example.com --build-arg WEB_SUPPORT_EMAIL=… .
#   (the web pages are prerendered here: their public origin and links are fixed at build time)
#   docker run tomo                      -> node dist/server.js (HTTP on $PORT, default 3000)
#   docker run tomo node dist/worker.js  -> the worker (/healthz, /metrics on $METRICS_PORT)
#   docker run tomo node dist/migrate.js -> apply migrations and exit

FROM node:24-slim AS build
WORKDIR /app
# The same recipe CI runs outside Docker: npm ci, then npm run build and npm prune --omit=dev.
COPY package.json package-lock.json .npmrc ./
COPY deploy/image-build.sh deploy/image-build.sh
RUN sh deploy/image-build.sh deps
COPY . .
# Baked into the prerendered pages; an unset link is left out, an unset PUBLIC_URL names localhost (the build warns).
ARG PUBLIC_URL
ARG WEB_SUPPORT_EMAIL
ARG WEB_NEWS_URL
ARG WEB_BLOG_URL
ARG WEB_SOCIAL_X_URL
ARG WEB_SOCIAL_GITHUB_URL
ARG WEB_SOCIAL_LINKEDIN_URL
ARG WEB_SOCIAL_YOUTUBE_URL
RUN sh deploy/image-build.sh app

FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    METRICS_PORT=9464 \
    WEB_DIST_DIR=apps/web/dist
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The image's own user (uid 1000 in the node image), never root.
USER node
EXPOSE 3000 9464
# /healthz answers on METRICS_PORT in every process (server and worker alike).
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.METRICS_PORT || process.env.PORT) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server.js"]
