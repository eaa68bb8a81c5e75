# syntax=docker/dockerfile:1
# Playhall's server as an image: the compiled server (apps/server/dist, decision 043), the built
# player app and Originals' screens, production dependencies only, run as the unprivileged `node`
# user. docs/operations.md says how to run it (compose.yaml: two instances behind Caddy).
ARG NODE_VERSION=22

# --- the workspaces' manifests, which both stages install from ---
FROM node:${NODE_VERSION}-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY packages/fairness/package.json packages/fairness/
COPY apps/server/package.json apps/server/
COPY apps/player/package.json apps/player/
COPY apps/originals/package.json apps/originals/

# --- build: every dependency, then `npm run build` (player, Originals' screens, server) ---
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies and the builds, nothing else ---
FROM manifests AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/player/dist apps/player/dist
COPY --from=build /app/apps/originals/dist apps/originals/dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) shuts down gracefully: node is PID 1 and handles it (decision 043).
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
