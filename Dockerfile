# Two images from one file (docker-compose.yml names the target):
#   runtime  the Node services (command-api, query-api, projector): their bundles and production
#            dependencies only, as the unprivileged `node` user;
#   web      nginx serving the app this build made, compressed ahead of time, as `www-data`.

# Everything needed to build: dev dependencies, the web app, the service bundles.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY event-store/package.json event-store/
COPY api-kit/package.json api-kit/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY query-api/package.json query-api/
COPY web/package.json web/
COPY launcher/package.json launcher/
COPY testing/package.json testing/
COPY e2e/package.json e2e/
COPY analytics/package.json analytics/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# What the bundles import at run time (deploy/production-deps.mjs): about 135 MB instead of 375.
FROM node:24-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json deploy/production-deps.mjs ./
COPY domain/package.json domain/
COPY event-store/package.json event-store/
COPY api-kit/package.json api-kit/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY query-api/package.json query-api/
RUN node production-deps.mjs package.json \
  && npm ci --omit=dev --no-audit --no-fund \
  && rm production-deps.mjs \
  && npm cache clean --force

FROM debian:bookworm-slim AS web
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx-light libnginx-mod-http-brotli-static \
  && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/* \
  && mkdir -p /tmp/nginx && chown www-data:www-data /tmp/nginx
COPY deploy/nginx-main.conf /etc/nginx/nginx.conf
COPY deploy/nginx.conf /etc/nginx/conf.d/mathdaily.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
USER www-data
EXPOSE 8080
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=production-deps /app /app
COPY --from=build /app/command-api/dist command-api/dist
COPY --from=build /app/query-api/dist query-api/dist
COPY --from=build /app/projector/dist projector/dist
# The development mailbox (and, before uploads moved into PostgreSQL, avatars) live here; a new
# named volume takes this folder's owner, so the services (running as node) can write to it.
RUN mkdir -p /var/lib/mathdaily && chown node:node /var/lib/mathdaily
USER node
EXPOSE 3001 3002 3003
