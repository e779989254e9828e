#!/bin/sh
# Alertmanager with the stack's mail settings: alertmanager.yml with its @…@ values filled from
# SMTP_URL (smtp://user:password@host:port), MAIL_FROM and ALERT_EMAIL_TO (or SUPERADMIN_EMAIL),
# written to $ALERTMANAGER_CONFIG, then Alertmanager itself. Alertmanager reads no environment.
set -eu
here=$(dirname "$0")
out=${ALERTMANAGER_CONFIG:-/tmp/alertmanager.yml}
url=${SMTP_URL:-smtp://mailpit:1025}
rest=${url#*://}
case "$rest" in
  *@*) credentials=${rest%%@*}; hostport=${rest#*@} ;;
  *) credentials=''; hostport=$rest ;;
esac
hostport=${hostport%%/*}
hostport=${hostport%%\?*}
user=${credentials%%:*}
password=''
case "$credentials" in *:*) password=${credentials#*:} ;; esac
case "$hostport" in *:*) ;; *) hostport="$hostport:25" ;; esac
# Signing in needs TLS (STARTTLS, or TLS from the start on port 465); the bundled Mailpit has neither.
require_tls=false
[ -n "$credentials" ] && require_tls=true
to=${ALERT_EMAIL_TO:-${SUPERADMIN_EMAIL:-admin@portico.localhost}}
from=${MAIL_FROM:-Portico <no-reply@portico.localhost>}
escape() { printf '%s' "$1" | sed -e 's/[\\/&|]/\\&/g' -e "s/'/''/g"; }
sed -e "s|@SMTP_HOSTPORT@|$(escape "$hostport")|" \
  -e "s|@MAIL_FROM@|$(escape "$from")|" \
  -e "s|@SMTP_USER@|$(escape "$user")|" \
  -e "s|@SMTP_PASSWORD@|$(escape "$password")|" \
  -e "s|smtp_require_tls: false|smtp_require_tls: $require_tls|" \
  -e "s|@ALERT_EMAIL_TO@|$(escape "$to")|" \
  "$here/alertmanager.yml" > "$out"
exec "${ALERTMANAGER_BIN:-/bin/alertmanager}" --config.file="$out" --storage.path="${ALERTMANAGER_STORAGE:-/alertmanager}" "$@"
