# One image for every role (ROLE=bot, ROLE=worker, or both when unset): the built code, production
# dependencies only, run as the unprivileged `node` user.

# --- build: all dependencies, compile TypeScript to dist/, then drop the dev dependencies ----------
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
# Everything tsconfig.build.json compiles (the demo and its fakes are built too, not run).
COPY src ./src
COPY bench ./bench
COPY demo ./demo
COPY test/fakes ./test/fakes
COPY test/helpers/local-redis.ts ./test/helpers/local-redis.ts
COPY test/helpers/catalogs.ts ./test/helpers/catalogs.ts
COPY scripts/copy-assets.mjs ./scripts/copy-assets.mjs
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime ------------------------------------------------------------------------------------
FROM node:20-bookworm-slim
ENV NODE_ENV=production HTTP_HOST=0.0.0.0 HTTP_PORT=8080
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY locales ./locales
COPY webapp ./webapp
# The archive of old history (ARCHIVE_DIR's default), owned by the user the bot runs as: a volume
# mounted there (docker-compose.yml) takes this owner on first use.
RUN mkdir -p /app/data/archive && chown -R node:node /app/data
USER node
# The public server only. /metrics is on the operators' listener (METRICS_HOST:METRICS_PORT,
# 127.0.0.1:9091 unless set): not exposed, so `docker run -P` never publishes it.
EXPOSE 8080
# /healthz answers 200 when Redis answers and the process runs (both roles serve it).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.HTTP_PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=32", "dist/src/main.js"]
