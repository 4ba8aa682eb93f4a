#!/bin/sh
# nginx follows its certificate (TLS=files and TLS=letsencrypt). The nginx image runs this from
# /docker-entrypoint.d before it starts nginx; the check runs in the background (in the foreground
# with --foreground, as deploy/nginx/local-nginx.mjs runs it). Every minute the certificate file is
# compared with the one nginx loaded: renewed, nginx reloads (gracefully: connections under way
# finish as they are); the first one certbot got, nginx stops and docker's restart policy starts it
# again, now with HTTPS (started without a certificate it serves only the challenge and redirect).
[ "${TLS:-}" = files ] || [ "${TLS:-}" = letsencrypt ] || exit 0

pid_file=${NGINX_PID_FILE:-/run/nginx.pid}
every=${GIFTCAST_CERTIFICATE_CHECK_SECONDS:-60}

fingerprint() {
  { cksum <"$TLS_CERTIFICATE"; } 2>/dev/null || echo none
}

watch() {
  loaded=$(fingerprint)
  while sleep "$every"; do
    current=$(fingerprint)
    [ "$current" = "$loaded" ] || [ "$current" = none ] && continue
    pid=$(cat "$pid_file" 2>/dev/null) || continue
    if [ "$loaded" = none ]; then
      echo "giftcast: the first certificate is here: restarting nginx with HTTPS" >&2
      kill -QUIT "$pid"
      return
    fi
    echo "giftcast: the certificate changed: reloading nginx" >&2
    kill -HUP "$pid"
    loaded=$current
  done
}

if [ "${1:-}" = --foreground ]; then
  watch
else
  watch &
fi
