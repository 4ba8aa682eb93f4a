# nginx with the built web app's static files (the backend answers the pages). Build context: the repository root.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/package.json
COPY frontend/package.json frontend/package.json
RUN npm ci --workspace frontend --include-workspace-root=false --no-audit --no-fund
COPY frontend frontend
ARG CONTACT_EMAIL=hello@giftcast.example
ARG CONTACT_PHONE=+82-2-0000-0000
ARG VITE_GA_ID=
RUN CONTACT_EMAIL=$CONTACT_EMAIL CONTACT_PHONE=$CONTACT_PHONE VITE_GA_ID=$VITE_GA_ID \
    npm run build -w frontend

FROM nginx:1.27-alpine
COPY deploy/nginx/giftcast.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /app/frontend/dist /usr/share/nginx/html
ENV BACKEND_UPSTREAM=backend:3000 WEB_ROOT=/usr/share/nginx/html LISTEN_PORT=80
EXPOSE 80
