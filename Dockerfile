# syntax=docker/dockerfile:1
# One image for every Portico process: the API (default command), the worker, the scheduler and the
# one-shot setup (migrations and the super admin). Compiled JavaScript and the built web app only;
# it runs as the unprivileged `node` user.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Native modules (argon2) build from source when no prebuilt binary fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/common/package.json packages/common/
COPY packages/core/package.json packages/core/
COPY api/package.json api/
COPY worker/package.json worker/
COPY scheduler/package.json scheduler/
COPY frontend/package.json frontend/
RUN npm ci --no-fund --no-audit
COPY . .
RUN npm run build:prod && npm prune --omit=dev --no-fund --no-audit

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
  PORT=8080 \
  DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/frontend/dist ./frontend/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/api.js"]
