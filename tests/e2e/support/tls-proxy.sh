#!/usr/bin/env bash
# A TLS-terminating reverse proxy in front of the production server, as docs/deployment.md deploys it:
# Debian's nginx with a self-signed certificate made now, forwarding to the app over
# plain http with Host, X-Forwarded-Host, X-Forwarded-For and X-Forwarded-Proto. Runs in the foreground until killed.
#   tls-proxy.sh LISTEN_PORT UPSTREAM_PORT WORK_DIR
set -euo pipefail
listen="$1"
upstream="$2"
dir="$3"
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
rm -rf "$dir"
mkdir -p "$dir/logs" "$dir/tmp"
chmod -R 777 "$dir/tmp"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
  -keyout "$dir/key.pem" -out "$dir/cert.pem" 2>/dev/null
cat >"$dir/nginx.conf" <<CONF
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/logs/error.log warn;
daemon off;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path $dir/tmp/body;
  proxy_temp_path $dir/tmp/proxy;
  fastcgi_temp_path $dir/tmp/fastcgi;
  uwsgi_temp_path $dir/tmp/uwsgi;
  scgi_temp_path $dir/tmp/scgi;
  # A referral's file: 10 MB and the form around it (the app refuses more with its own message).
  client_max_body_size 12m;
  server {
    listen 127.0.0.1:$listen ssl;
    server_name localhost;
    ssl_certificate $dir/cert.pem;
    ssl_certificate_key $dir/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    location / {
      proxy_pass http://127.0.0.1:$upstream;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$http_host;
      # docs/deployment.md's \$host, with the port: this proxy listens on a test port, not 443 (the outside
      # security review: set by the proxy, never the client's own header passed on).
      proxy_set_header X-Forwarded-Host \$host:\$server_port;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_set_header X-Request-Id \$request_id;
    }
    # As the docs/deployment.md's example: the Create Referral form takes up to 10 files of 10 MB (decision 035).
    location ~ ^/referrals/create(\.data)?\$ {
      client_max_body_size 101m;
      proxy_pass http://127.0.0.1:$upstream;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_set_header X-Request-Id \$request_id;
    }
  }
}
CONF
exec "$nginx_bin" -p "$dir" -c "$dir/nginx.conf"
