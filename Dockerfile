# syntax=docker/dockerfile:1
# The Dealer Portal as one image: the API serving the built web app. Node 22 LTS here; the same
# code runs on Node 20.19+ (the README's way of running it). Not built in CI on this project's
# machines (they have no container engine): see README "Run in production".

ARG NODE_IMAGE=node:22-bookworm-slim

# --- every dependency, to build the web app --------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/postinstall.mjs scripts/postinstall.mjs
COPY apps/server/package.json apps/server/package.json
COPY apps/web/package.json apps/web/package.json
COPY packages/domain/package.json packages/domain/package.json
COPY e2e/package.json e2e/package.json
RUN npm ci --no-audit --no-fund

# --- the web app's static files (hashed chunks, brotli and gzip twins, service worker) ---------
FROM deps AS web
COPY tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/web apps/web
RUN npm run build -w apps/web

# --- only what the server needs at run time --------------------------------------------------
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/postinstall.mjs scripts/postinstall.mjs
COPY apps/server/package.json apps/server/package.json
COPY apps/web/package.json apps/web/package.json
COPY packages/domain/package.json packages/domain/package.json
COPY e2e/package.json e2e/package.json
RUN npm ci --no-audit --no-fund --omit=dev -w apps/server -w packages/domain

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
WORKDIR /app
# The whole folder: npm may nest a workspace's own node_modules beside its package.json.
COPY --from=runtime-deps /app ./
COPY tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/server/tsconfig.json apps/server/
COPY apps/server/src apps/server/src
COPY --from=web /app/apps/web/dist apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Ready means the database answers; the orchestrator's liveness probe should use /api/health/live.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Migrations run at start under an advisory lock, so several replicas may start at once.
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
