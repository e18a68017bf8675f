#!/usr/bin/env bash
# Writes a new Prisma migration for the current prisma/schema.prisma, offline, against a scratch
# database on the local PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432). Usage: npm run db:migration -- NAME
# Holds /tmp/husly-schema.lock so two people generating at once cannot fold each other's changes in.
set -euo pipefail
name="${1:?usage: npm run db:migration -- migration_name}"
cd "$(dirname "$0")/.."
exec 9>/tmp/husly-schema.lock
flock 9
admin="${TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
scratch="husly_migrate_$$"
psql "$admin" -qc "CREATE DATABASE $scratch"
trap 'psql "$admin" -qc "DROP DATABASE IF EXISTS $scratch WITH (FORCE)"' EXIT
export DATABASE_URL="${admin%/*}/$scratch"
# Apply what exists first: `migrate dev` on an empty database asks for a shadow database it cannot get.
npx prisma migrate deploy >/dev/null
npx prisma migrate dev --name "$name" --skip-seed
