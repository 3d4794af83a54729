# syntax=docker/dockerfile:1
#
# The site as a container image. Build once and run every instance from the same image (they
# must serve the same build: same hashed assets, same build id). See README.md, "Running in
# production", and compose.yaml.
#
#   docker build -t total-rewards-site --build-arg BUILD_ID=$(git rev-parse --short HEAD) .
#
# Node.js 24 comes from the base image. (npm scripts in the build stage run on the Node 24 that
# the `node` devDependency pins; the final stage runs `node` directly.)
ARG NODE_IMAGE=node:24-bookworm-slim

# --- Production dependencies only --------------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install`, not `npm ci`, as in CI (CONTRIBUTING.md, decision 0001); the lockfile decides.
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

# --- Build ---------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
# Every instance of one image reports the same build id (/version.json, service worker caches).
ARG BUILD_ID
RUN BUILD_ID="${BUILD_ID:-$(date -u +%Y%m%d%H%M%S)-image}" npm run build

# --- Runtime -------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# Owned by root and read-only to the server's user; only data/ (SQLite, when used) is writable.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/build ./build
# server/main.ts runs from source (Node's type stripping) and loads the configuration and the
# database code from app/; scripts/ holds `npm run db:migrate`.
COPY --from=build /app/server ./server
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 3000
# /healthz: the process answers. (Readiness, with the database, is /readyz.)
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: stop accepting, finish requests and the mail being sent, close the database, exit 0.
STOPSIGNAL SIGTERM
# Node options: server/node-flags.ts (the young generation capped, decision 0017).
CMD ["node", "--max-semi-space-size=16", "server/main.ts"]
