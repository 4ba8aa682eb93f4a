#!/usr/bin/env bash
# Updates the running compose stack to the release in .env (GIFTCAST_VERSION) without an outage:
# each backend replica and each worker is replaced one at a time. A new container starts beside
# the old one; once it is ready (its health check: GET /api/health/ready) and nginx has looked the
# backend's name up again, the old one is stopped (SIGTERM: it drains, finishes the uploads it
# holds and hands its jobs back) and removed. web is reloaded (nginx -s reload) when its image is
# unchanged, and recreated when it changed.
#
#   deploy/update.sh             pull the release and roll it out
#   deploy/update.sh --build     build this checkout instead of pulling
#   deploy/update.sh --dry-run   print the docker calls that change anything, run none of them
#
# Needs Docker Compose 2.24.4 or newer. DOCKER names the docker command (default: docker).
set -euo pipefail

usage() {
  sed -n '2,14s/^# \{0,1\}//p' "$0"
  exit "${1:-0}"
}

MIN_COMPOSE=2.24.4
DOCKER=${DOCKER:-docker}
# How long a new container may take to become ready, and how long nginx keeps an address it looked
# up (its resolver's valid=10s) before it learns of the new container.
READY_TIMEOUT_SECONDS=${UPDATE_READY_TIMEOUT_SECONDS:-300}
RESOLVE_SECONDS=12
# The old container's time to drain: the service's stop_grace_period (docker-compose.yml).
declare -A GRACE_SECONDS=([backend]=900 [worker]=60)

dry_run=0
build=0
while (($#)); do
  case $1 in
    --dry-run) dry_run=1 ;;
    --build) build=1 ;;
    -h | --help) usage ;;
    *) usage 2 >&2 ;;
  esac
  shift
done

cd "$(dirname "$0")/.."

die() {
  echo "update: $*" >&2
  exit 1
}

# A call that changes something: printed in a dry run, run otherwise.
change() {
  if ((dry_run)); then
    echo "$DOCKER $*"
  else
    $DOCKER "$@"
  fi
}

# A step that only waits: said in a dry run, done otherwise.
step() {
  if ((dry_run)); then echo "# $1"; else "${@:2}"; fi
}

compose_version=$($DOCKER compose version --short) || die 'docker compose is not available'
compose_version=${compose_version#v}
if [[ $(printf '%s\n' "$MIN_COMPOSE" "$compose_version" | sort -V | head -n1) != "$MIN_COMPOSE" ]]; then
  die "Docker Compose $compose_version is too old: Giftcast needs $MIN_COMPOSE or newer"
fi

wait_ready() {
  local container=$1 deadline=$((SECONDS + READY_TIMEOUT_SECONDS)) status
  while :; do
    status=$($DOCKER inspect --format '{{if .State.Health}}{{.State.Health.Status}}{{end}}' "$container")
    [[ $status == healthy ]] && return 0
    if ((SECONDS > deadline)); then
      echo "update: $container is not ready after ${READY_TIMEOUT_SECONDS} s ($status); it is removed, the old one keeps serving" >&2
      $DOCKER stop "$container" >/dev/null
      $DOCKER rm "$container" >/dev/null
      exit 1
    fi
    sleep 2
  done
}

# Replaces every running container of `service`, one at a time.
roll() {
  local service=$1 old new count container
  mapfile -t old < <($DOCKER compose ps -q "$service")
  count=${#old[@]}
  if ((count == 0)); then
    echo "# $service: not running, nothing to replace"
    return
  fi
  for container in "${old[@]}"; do
    change compose up -d --no-deps --no-recreate --scale "$service=$((count + 1))" "$service"
    if ((dry_run)); then
      new="<the new $service container>"
    else
      new=$($DOCKER compose ps -q "$service" | grep -vxF -f <(printf '%s\n' "${old[@]}") | tail -n1) ||
        die "the new $service container did not start"
      old+=("$new")
    fi
    step "wait until $new is ready (healthy)" wait_ready "$new"
    step "wait ${RESOLVE_SECONDS} s: nginx looks the backend's name up again every 10 s" sleep "$RESOLVE_SECONDS"
    change stop --time "${GRACE_SECONDS[$service]}" "$container"
    change rm "$container"
  done
}

if ((build)); then
  change compose build backend web
else
  change compose pull backend web
fi

roll backend
roll worker

web=$($DOCKER compose ps -q web)
if [[ -z $web ]]; then
  echo '# web: not running, nothing to reload'
else
  running=$($DOCKER inspect --format '{{.Image}}' "$web")
  wanted=$($DOCKER image inspect --format '{{.Id}}' "$($DOCKER compose config --images web)")
  if [[ $running == "$wanted" ]]; then
    # Same image: its configuration is read again, its old workers finish (worker_shutdown_timeout).
    change compose exec -T web nginx -s reload
  else
    # A new image: recreated. The old nginx drains what it holds; new connections wait for the new
    # one (seconds).
    change compose up -d --no-deps web
  fi
fi
