#!/bin/sh
# Alertmanager with the stack's settings: alertmanager.yml with its @…@ values filled from
# SMTP_URL (smtp://user:password@host:port, user and password percent-encoded as in any URL),
# MAIL_FROM, ALERT_EMAIL_TO (or SUPERADMIN_EMAIL) and CONSOLE_ALERTS_URL (the API's alerts endpoint),
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
# %XX in the URL's user and password is the byte XX (`s3cr%2Ft` is `s3cr/t`).
percent_decode() {
  printf '%s' "$1" | LC_ALL=C awk '
    function hex(h) { return index("0123456789abcdef", tolower(substr(h, 1, 1))) * 16 + index("0123456789abcdef", tolower(substr(h, 2, 1))) - 17 }
    { out = ""; while (match($0, /%[0-9A-Fa-f][0-9A-Fa-f]/)) { out = out substr($0, 1, RSTART - 1) sprintf("%c", hex(substr($0, RSTART + 1, 2))); $0 = substr($0, RSTART + 3) } printf "%s", out $0 }'
}
user=$(percent_decode "${credentials%%:*}")
password=''
case "$credentials" in *:*) password=$(percent_decode "${credentials#*:}") ;; esac
case "$hostport" in *:*) ;; *) hostport="$hostport:25" ;; esac
# Signing in needs TLS (STARTTLS, or TLS from the start on port 465); the bundled Mailpit has neither.
require_tls=false
[ -n "$credentials" ] && require_tls=true
to=${ALERT_EMAIL_TO:-${SUPERADMIN_EMAIL:-admin@portico.localhost}}
from=${MAIL_FROM:-Portico <no-reply@portico.localhost>}
console=${CONSOLE_ALERTS_URL:-http://api:8080/api/internal/alerts}
escape() { printf '%s' "$1" | sed -e 's/[\\/&|]/\\&/g' -e "s/'/''/g"; }
sed -e "s|@SMTP_HOSTPORT@|$(escape "$hostport")|" \
  -e "s|@MAIL_FROM@|$(escape "$from")|" \
  -e "s|@SMTP_USER@|$(escape "$user")|" \
  -e "s|@SMTP_PASSWORD@|$(escape "$password")|" \
  -e "s|smtp_require_tls: false|smtp_require_tls: $require_tls|" \
  -e "s|@ALERT_EMAIL_TO@|$(escape "$to")|" \
  -e "s|@CONSOLE_ALERTS_URL@|$(escape "$console")|" \
  "$here/alertmanager.yml" > "$out"
exec "${ALERTMANAGER_BIN:-/bin/alertmanager}" --config.file="$out" --storage.path="${ALERTMANAGER_STORAGE:-/alertmanager}" "$@"
