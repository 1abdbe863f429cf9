# Two stages. `build` installs every dependency (the build tools are development dependencies)
# and compiles the web app and the server; the runtime image gets the production dependencies,
# ffmpeg and the build output only, and runs the compiled server with node as PID 1.
# A worker runs from the same image: command ["node", "apps/server/dist/worker.js"].
# CI replays these steps without a container engine: .ci/replay-image.

FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund \
  && npm cache clean --force
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/scripts apps/server/scripts
COPY --from=build /src/apps/web/dist apps/web/dist
RUN mkdir -p /data \
  && chown node:node /data
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 HOST=0.0.0.0 LOG_FORMAT=json
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself is PID 1: it gets SIGTERM from `docker stop` and shuts the server down gracefully.
CMD ["node", "apps/server/dist/main.js"]
