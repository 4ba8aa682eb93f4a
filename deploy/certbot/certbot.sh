#!/bin/sh
# The certbot service (TLS=letsencrypt): the certificate for PUBLIC_URL's host through the webroot
# challenge that web answers on plain HTTP, then `certbot renew` twice a day (it renews within 30
# days of expiry). web notices a new certificate within a minute and takes it up by itself.
set -eu
if [ "${TLS:-}" != letsencrypt ]; then
  echo "certbot: TLS=${TLS:-unset}, nothing to do"
  exit 0
fi
host=${PUBLIC_URL#*://}
host=${host%%/*}
host=${host%:*}
set -- --webroot -w /var/www/acme -d "$host" --agree-tos --non-interactive --keep-until-expiring
if [ -n "${LETSENCRYPT_EMAIL:-}" ]; then
  set -- "$@" --email "$LETSENCRYPT_EMAIL"
else
  set -- "$@" --register-unsafely-without-email
fi
case "${LETSENCRYPT_STAGING:-}" in
  '' | 0 | false) ;;
  *) set -- "$@" --staging ;;
esac
trap 'exit 0' TERM

# Let's Encrypt allows 5 failed validations per host an hour: a host whose DNS does not point
# here yet is tried every 15 minutes.
until certbot certonly "$@"; do
  echo "certbot: no certificate for $host yet (does its DNS point at this machine, port 80 open?); next try in 15 minutes"
  sleep 900 &
  wait $!
done
while :; do
  sleep 43200 &
  wait $!
  certbot renew --non-interactive || echo "certbot: renewal failed; next try in 12 hours"
done
