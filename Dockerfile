# One image for every service; docker-compose.yml picks the command.
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
RUN npm ci
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
# The uploads volume is mounted here; a new named volume takes this folder's owner, so the
# services (running as node) can write avatars and the development mailbox.
RUN mkdir -p /var/lib/mathdaily && chown node:node /var/lib/mathdaily
USER node
