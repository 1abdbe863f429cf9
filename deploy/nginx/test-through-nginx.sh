#!/usr/bin/env bash
# The cross-process and upload scale suites with every request going through Debian's nginx and
# deploy/nginx's configuration (SCALE_BALANCER=nginx; docs/decisions/0029). The suites template it
# for local ports in a temporary prefix: nothing of the system's /etc/nginx is used or changed.
# Needs PostgreSQL and Redis as the other scale suites do (TEST_DATABASE_URL, TEST_REDIS_URL).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v nginx >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # RUNLEVEL=1: the package does not start the system's own nginx on port 80.
  RUNLEVEL=1 apt-get install -y -qq --no-install-recommends nginx >/dev/null
fi
nginx -v

SCALE_BALANCER=nginx SCALE_PROFILE="${SCALE_PROFILE:-ci}" npx vitest run \
  --config apps/server/vitest.scale.config.ts \
  apps/server/scale/cross-process.scale.test.ts apps/server/scale/uploads.scale.test.ts "$@"
