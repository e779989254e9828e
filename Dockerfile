# syntax=docker/dockerfile:1
# One image for every Portico process: the API (default command), the worker, the scheduler, the
# one-shot setup (migrations and the super admin) and the load tests' webhook receiver. Compiled
# JavaScript, the built web app and the server's production packages only; it runs as the
# unprivileged `node` user. Node 24 (LTS); CI runs the tests on the same line (.ci/install-node).

FROM node:24-bookworm-slim AS toolchain
WORKDIR /app
# Native modules (argon2) build from source when no prebuilt binary fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY packages/common/package.json packages/common/
COPY packages/core/package.json packages/core/
COPY api/package.json api/
COPY worker/package.json worker/
COPY scheduler/package.json scheduler/
COPY frontend/package.json frontend/

FROM toolchain AS build
RUN npm ci
COPY . .
RUN npm run build:prod

# What the server processes import at run time: the production dependencies of the server
# workspaces, not the web app's (React Router, charts, icons… are in its built files already).
FROM toolchain AS server-packages
RUN npm ci --omit=dev -w api -w worker -w scheduler -w packages/core -w packages/common

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
  PORT=8080 \
  DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=server-packages /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/frontend/dist ./frontend/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/api.js"]
