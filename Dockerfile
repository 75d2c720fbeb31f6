# syntax=docker/dockerfile:1
# The Lending Partner API (docs/operations.md, "Containers"). One image for every role: ROLE=api
# or ROLE=worker chooses what a container does.

# Build: every dependency (patch-package applies patches/, the SDK workspace builds), then the
# development dependencies are pruned away, the patched packages staying as patched.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY sdk/package.json sdk/package.json
COPY patches patches
COPY sdk sdk
RUN npm ci --no-audit --no-fund \
 && npm prune --omit=dev --no-audit --no-fund

# Run: Node 24 runs the TypeScript sources directly; production dependencies only.
FROM node:24-bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app/node_modules node_modules
COPY --from=build --chown=root:root /app/sdk sdk
COPY --chown=root:root package.json package-lock.json ./
COPY --chown=root:root src src
# The embedded database's directory (used only without DATABASE_URL) belongs to the unprivileged user.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# The image's own user, not root; the code it runs is root's and read-only to it.
USER node
EXPOSE 8080
# Every role serves the health routes on PORT (a worker nothing else).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini is PID 1: it forwards SIGTERM to node and reaps zombies, so a stop is graceful.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "src/main.ts"]
