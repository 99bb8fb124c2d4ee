# One image for every API instance: the compiled API (`pnpm build` makes api/dist/server.js) and the built front ends it serves.
FROM node:20-slim

ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true COREPACK_ENABLE_DOWNLOAD_PROMPT=0
# The pnpm of package.json's packageManager field.
RUN corepack enable

WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build \
  && mkdir -p /app/.data && chown node:node /app/.data

ENV NODE_ENV=production PORT=3000
EXPOSE 3000
WORKDIR /app/api
USER node
# Node itself receives SIGTERM (no shell in between), so a stop is a graceful shutdown.
CMD ["node", "dist/server.js"]
