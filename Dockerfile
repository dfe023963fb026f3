# syntax=docker/dockerfile:1
# Medallion: one image, run as many stateless instances as needed (deploy/compose.yaml, README
# "Running in production"). Not built in this repository's CI (no Docker daemon there): CI checks this
# file's shape and runs the same built app as processes behind nginx (npm run test:cluster).
#   docker build -t medallion .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e REDIS_URL=redis://… -e S3_BUCKET=… medallion

# ---- build: every dependency (dev too), then the web app, its SSR bundle and the API bundle ----
FROM node:24-slim AS build
WORKDIR /app
# better-sqlite3 (the offline VIN database) compiles when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/demo/package.json packages/demo/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY apps apps
COPY packages packages
RUN npm run build

# ---- runtime: production dependencies only, the built output, a non-root user ----
FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    TRUST_PROXY=true
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/demo/package.json packages/demo/
# The toolchain is only there while npm ci may compile better-sqlite3, and leaves in the same layer.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
    && npm ci --omit=dev --no-audit --no-fund \
    && npm cache clean --force \
    && apt-get purge -y python3 make g++ && apt-get autoremove -y && rm -rf /var/lib/apt/lists/*
# The API bundle (workspace packages inside; the demo data in dist/demo.js, loaded only when
# SEED_DEMO_DATA is on), the web app, its server-rendering bundle and its service worker,
# the fonts of the rental agreement PDF (apps/api/assets), and what the server reads from
# @medallion/db at run time (migrations, the exam questions).
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/assets apps/api/assets
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
COPY --from=build /app/apps/web/dist-sw apps/web/dist-sw
COPY --from=build /app/packages/db/migrations packages/db/migrations
COPY --from=build /app/packages/db/seed-data packages/db/seed-data
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness from inside the container; the balancer and orchestrators use /api/health/ready.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node as PID 1 receives SIGTERM itself: the server drains and exits within SHUTDOWN_TIMEOUT_MS
# (set the orchestrator's grace period above it, e.g. docker stop -t 15).
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
