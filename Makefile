# Giftcast — the commands a newcomer runs. `make run` to try it, `make test` to check it.
SHELL := /bin/bash
NPM ?= npm
STAMP := node_modules/.install-stamp
# The contract both workspaces import (packages/contract), compiled to JavaScript and types.
CONTRACT := packages/contract/dist/.built

.PHONY: node-version run dev test test-lint test-bench test-clicks test-types bench bench-web backup restore install build build-backend build-frontend test-unit test-deploy test-api test-browser clean help

help:
	@echo "make run    - install, build and serve the whole product on http://localhost:8080"
	@echo "make dev    - development with hot reload: the web app on http://localhost:5173, the API recompiled and restarted on change"
	@echo "make test   - every test: lint, unit, API end-to-end, benchmarks once (smallest size), browser end-to-end"
	@echo "make test-lint - ESLint (eslint.config.mjs: types, import rules) and Prettier, no warning allowed"
	@echo "make bench  - benchmarks (figures printed; needs the test PostgreSQL and nginx)"
	@echo "make bench-web - Lighthouse figures, first-load JS and click latency of the build behind nginx, beside a baseline commit's"
	@echo "make backup - PostgreSQL and the bucket into backups/<date>/ (DATABASE_URL, S3_* from .env)"
	@echo "make restore BACKUP=backups/<date> - both back into an empty database and bucket"
	@echo "make update - roll the docker compose stack to GIFTCAST_VERSION, one container at a time (DRY_RUN=1: print the docker calls)"
	@echo "make build  - build backend (backend/dist) and web app (frontend/dist)"
	@echo "make api-schema - the API's types (packages/contract) from the backend's OpenAPI document (after changing a route or DTO)"
	@echo "make clean  - remove builds (keeps data/)"
	@echo "More in README.md and docs/: architecture, development, configuration, deployment, operations, security, testing, benchmarks"

# Node.js 24 LTS or newer; .ci/install-node installs it from the npm registry where it is older.
node-version:
	@command -v node >/dev/null || { echo "Giftcast needs Node.js 24 or newer (https://nodejs.org); node is not installed." >&2; exit 1; }
	@node -e 'if (+process.versions.node.split(".")[0] < 24) { console.error("Giftcast needs Node.js 24 or newer; this is " + process.version + ". Install Node.js 24 LTS (https://nodejs.org), or run .ci/install-node as root."); process.exit(1) }'

# Reinstall only when the lockfile changed since the last install.
$(STAMP): package-lock.json package.json packages/contract/package.json backend/package.json frontend/package.json | node-version
	$(NPM) ci --no-audit --no-fund
	@touch $(STAMP)

$(CONTRACT): $(wildcard packages/contract/src/*.ts) packages/contract/tsconfig.json packages/contract/package.json | $(STAMP)
	$(NPM) run build -w @giftcast/contract
	@touch $@

install: node-version $(STAMP) $(CONTRACT)

build: build-backend build-frontend

build-backend: install
	$(NPM) run build -w backend

build-frontend: install
	$(NPM) run build -w frontend

run: build
	node backend/dist/local/run-local.js

# Vite's dev server (hot reload) in front of a backend that tsc --watch recompiles and node --watch
# restarts, with make run's embedded database, storage and outbox (scripts/dev.mjs; docs/development.md).
dev: install
	node scripts/dev.mjs

test: test-lint build test-types test-unit test-deploy test-api test-bench test-browser test-clicks

# ESLint with type information and the import rules of eslint.config.mjs, then Prettier's check of
# the formatting (.prettierrc); a warning fails as an error does.
test-lint: install
	$(NPM) run lint

# The API's types first (packages/contract/src/api-schema.ts): the committed ones must be what the
# backend's OpenAPI document gives now.
test-types: build-backend
	node frontend/scripts/api-schema.mjs --check
	cd backend && npx tsc -p tsconfig.json
	cd frontend && npx tsc -p tsconfig.json --noEmit
	cd frontend && npx tsc -p e2e/tsconfig.json --noEmit

# packages/contract/src/api-schema.ts, written by openapi-typescript from the backend's OpenAPI document
# (backend/dist/openapi-cli.js prints it without a database).
.PHONY: api-schema
api-schema: build-backend
	$(NPM) run api-schema -w frontend

test-unit: install
	$(NPM) test -w backend
	$(NPM) test -w frontend

# The compose file and its images, checked without a Docker engine (linted, pinned, its nginx
# against the templates); the deploy nginx configuration run by the machine's nginx: TLS, errors,
# the visitor's address it hands on, its budgets and body limits; the Kubernetes overlays rendered
# by kubectl's Kustomize, validated against the API schema and held to their policies
# (deploy/kubernetes.test.mjs); the app's storage policy; the links of README.md and docs/ (deploy/docs.test.mjs).
test-deploy: install
	npx dclint docker-compose.yml deploy/compose/*.yml --max-warnings 0
	node --test deploy/*.test.mjs

test-api: build-backend
	$(NPM) run test:e2e -w backend

test-browser: build
	cd frontend && npx playwright test

# Clicks 0-1000 ms after the load event with the CPU slowed 4x, each taking effect (none lost; how
# fast is printed, not asserted). One browser at a time, after the other browser tests, so that its
# printed times are the site's rather than a second browser's on a two-core machine.
test-clicks: build
	cd frontend && E2E_CLICKS=1 npx playwright test e2e/no-dead-clicks.spec.ts --workers=1

# Every benchmark once at its smallest size (BENCH_SMOKE=1), figures ignored: a change that breaks
# one fails the tests. The figures come from `make bench` and `make bench-web` alone.
test-bench: build
	BENCH_SMOKE=1 node backend/bench/sse-fanout.mjs
	BENCH_SMOKE=1 node backend/bench/video.mjs
	BENCH_SMOKE=1 node backend/bench/tus-upload.mjs
	BENCH_SMOKE=1 node backend/bench/newsletter.mjs
	BENCH_SMOKE=1 node backend/bench/public-load.mjs
	BENCH_SMOKE=1 node backend/bench/scale-out.mjs
	BENCH_SMOKE=1 node frontend/bench/web.mjs
	BENCH_SMOKE=1 node frontend/bench/shrink.mjs

# The public load benchmark views pages, so the web app is built too.
bench: build
	node backend/bench/sse-fanout.mjs
	node backend/bench/video.mjs
	node backend/bench/tus-upload.mjs
	node backend/bench/newsletter.mjs
	node backend/bench/public-load.mjs
	node backend/bench/scale-out.mjs

bench-web: build
	node frontend/bench/web.mjs
	node frontend/bench/shrink.mjs

# The database (pg_dump) and every object of the bucket into backups/<date>/, natively with the
# settings of the environment or .env; `deploy/backup.sh --compose` for the docker compose stack.
backup: build-backend
	deploy/backup.sh

# Into an empty database and bucket; FORCE=1 replaces what is there.
restore: build-backend
	@test -n "$(BACKUP)" || { echo "usage: make restore BACKUP=backups/<date> [FORCE=1]" >&2; exit 2; }
	deploy/restore.sh $(if $(FORCE),--force) "$(BACKUP)"

clean:
	rm -rf backend/dist frontend/dist packages/contract/dist test-results playwright-report

# The docker compose stack to the release in .env, without an outage (deploy/update.sh).
.PHONY: update
update:
	deploy/update.sh $(if $(DRY_RUN),--dry-run)
