#!/usr/bin/env bash
# Runs Debian's nginx in the foreground in front of Enclave server processes, with the config kept in
# scripts/nginx/enclave.conf, in a temporary prefix that is removed when it stops.
#
#   scripts/nginx-proxy.sh <listen-port> <server-port> [<server-port>...]
#
# Prints "nginx listening on http://127.0.0.1:<listen-port>" once it accepts connections; SIGTERM or
# SIGINT stop it. Used by the fault tests (npm run test:faults); NGINX overrides the binary.
set -euo pipefail

if [ "$#" -lt 2 ]; then
  echo "usage: $0 <listen-port> <server-port> [<server-port>...]" >&2
  exit 2
fi
listen_port="$1"
shift
nginx_bin="${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}"
if [ ! -x "$nginx_bin" ]; then
  echo "nginx is not installed (Debian: apt-get install nginx-light or nginx)" >&2
  exit 1
fi

prefix="$(mktemp -d -t enclave-nginx.XXXXXX)"
mkdir -p "$prefix/temp"
# As root nginx's workers run as nobody: they must be able to enter the prefix and use its temp folders.
chmod 755 "$prefix"
chmod 777 "$prefix/temp"

upstreams=""
for port in "$@"; do
  upstreams+="server 127.0.0.1:${port} max_fails=1 fail_timeout=5s; "
done
sed -e "s|@LISTEN@|127.0.0.1:${listen_port}|" -e "s|@UPSTREAM_SERVERS@|${upstreams}|" \
  "$(dirname "$0")/nginx/enclave.conf" > "$prefix/nginx.conf"

"$nginx_bin" -p "$prefix" -c "$prefix/nginx.conf" -t -q
"$nginx_bin" -p "$prefix" -c "$prefix/nginx.conf" &
nginx_pid=$!
stop() {
  kill -TERM "$nginx_pid" 2>/dev/null || true
  wait "$nginx_pid" 2>/dev/null || true
  rm -rf "$prefix"
}
trap 'stop; exit 0' TERM INT
trap 'rm -rf "$prefix"' EXIT

for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/${listen_port}") 2>/dev/null; then
    echo "nginx listening on http://127.0.0.1:${listen_port}"
    break
  fi
  kill -0 "$nginx_pid" 2>/dev/null || { wait "$nginx_pid"; exit 1; }
  sleep 0.1
done
wait "$nginx_pid"
