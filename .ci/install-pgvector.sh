#!/usr/bin/env bash
# pgvector for a Debian PostgreSQL service. Bookworm ships no binary package for it, so it
# is built from the Debian source package of the next release (a few seconds). The source
# archive is the machine's own Debian mirror, read from its apt configuration.
set -Eeuo pipefail
pg_major="$1"
pg_config="/usr/lib/postgresql/$pg_major/bin/pg_config"
if [ -f "/usr/share/postgresql/$pg_major/extension/vector.control" ]; then
  echo "pgvector already installed for PostgreSQL $pg_major"
  exit 0
fi

mirror=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
[ -n "$mirror" ] || mirror=$(awk '/^deb / { print $2; exit }' /etc/apt/sources.list 2>/dev/null || true)
[ -n "$mirror" ] || { echo "no Debian mirror configured; cannot fetch pgvector source" >&2; exit 1; }

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "postgresql-server-dev-$pg_major" dpkg-dev make gcc >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial"
echo "deb-src $mirror trixie main" > "$work/sources.list"
apt_src=(-o "Dir::Etc::sourcelist=$work/sources.list" -o "Dir::Etc::sourceparts=-" -o "Dir::State::Lists=$work/lists")
apt-get "${apt_src[@]}" update -qq
(cd "$work" && apt-get "${apt_src[@]}" source -qq pgvector >/dev/null)
src=$(find "$work" -maxdepth 1 -type d -name 'pgvector-*' | head -n 1)
make -s -C "$src" PG_CONFIG="$pg_config" >/dev/null
make -s -C "$src" PG_CONFIG="$pg_config" install >/dev/null
echo "pgvector built and installed for PostgreSQL $pg_major"
