# syntax=docker/dockerfile:1
# One image for web, worker and migrate (docker-compose.yml and k8s/ pick the command).

# --- dependencies --------------------------------------------------------------
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# postinstall applies patches/ (patch-package) to the installed dependencies
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# --- build -----------------------------------------------------------------------
FROM deps AS build
ENV NEXT_TELEMETRY_DISABLED=1
COPY . .
# The build connects to nothing: DATABASE_URL/REDIS_URL are read at run time.
RUN node_modules/.bin/next build && rm -rf .next/cache

# --- runtime -----------------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000
# The whole build stage (sources + full node_modules + .next): the worker and
# the migration run TypeScript through tsx, and drizzle's migrator reads
# lib/db/migrations at run time.
COPY --from=build --chown=node:node /app ./
USER node
EXPOSE 3000
# Next's request handler on WEB_PROCESSES processes (default 1, as `next start`): scripts/web-cluster.mjs.
CMD ["node", "scripts/web-cluster.mjs", "-p", "3000"]
