# The API, which also answers the site's pages (prerendered HTML, post head tags, 404s, sitemap).
# Build context: the repository root.
FROM node:20-bookworm-slim AS web
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/package.json
COPY frontend/package.json frontend/package.json
RUN npm ci --workspace frontend --include-workspace-root=false --no-audit --no-fund
COPY frontend frontend
ARG CONTACT_EMAIL=hello@giftcast.example
ARG CONTACT_PHONE=+82-2-0000-0000
ARG VITE_GA_ID=
RUN CONTACT_EMAIL=$CONTACT_EMAIL CONTACT_PHONE=$CONTACT_PHONE VITE_GA_ID=$VITE_GA_ID npm run build -w frontend

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/package.json
COPY frontend/package.json frontend/package.json
RUN npm ci --workspace backend --include-workspace-root=false --no-audit --no-fund
COPY backend backend
RUN npm run build -w backend && npm prune --omit=dev --workspace backend --include-workspace-root=false

FROM node:20-bookworm-slim
# ffmpeg turns every uploaded video into an MP4 that plays on every phone.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/backend/node_modules backend/node_modules
COPY --from=build /app/backend/dist backend/dist
COPY backend/package.json backend/package.json
COPY --from=web /app/frontend/dist web
ENV WEB_ROOT=/app/web
USER node
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
