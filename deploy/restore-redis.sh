#!/bin/sh
# Restores a backup made by backup-redis.sh into a Redis data folder. Redis must be STOPPED.
#
#   deploy/restore-redis.sh <backup.rdb> <redis data folder>
#
# What the folder holds now (dump.rdb, the AOF folder) is moved aside into
# <folder>/before-restore-<UTC time>/, not deleted. The backup becomes dump.rdb and the base of a
# fresh AOF (Redis 7's multi-part AOF: appendonlydir/ with a manifest), so the next start loads it
# whether AOF is on (as in docker-compose.yml) or off. Start Redis, then the bot. With REDIS_URL set,
# a Redis that still answers there is refused. AOF names: REDIS_AOF_DIR (default appendonlydir),
# REDIS_AOF_NAME (default appendonly.aof), REDIS_RDB_NAME (default dump.rdb). REDIS_URL in any
# form the bot accepts (redis-url.sh; the password through REDISCLI_AUTH, never a command line).
# Whatever the umask, what it writes is owner-only (folders 700, files 600): Redis runs as the
# folder's owner. The archive of old history packed beside the backup (<backup.rdb>.archive.tar.gz)
# is unpacked into ARCHIVE_DIR (default data/archive in the project folder), what was there moved
# aside to <ARCHIVE_DIR>.before-restore-<UTC time>; the bot must be stopped too. POSIX sh.
set -eu
umask 077
die() {
  echo "restore: $*" >&2
  exit 1
}
[ $# -eq 2 ] || die "usage: restore-redis.sh <backup.rdb> <redis data folder>"
backup=$1
data=$2
aof_dir=${REDIS_AOF_DIR:-appendonlydir}
aof=${REDIS_AOF_NAME:-appendonly.aof}
rdb=${REDIS_RDB_NAME:-dump.rdb}

[ -f "$backup" ] || die "no backup file at $backup"
[ -d "$data" ] || die "no folder at $data"
head -c 5 "$backup" | grep -q '^REDIS' || die "$backup is not an RDB file"
if command -v redis-check-rdb >/dev/null 2>&1; then
  redis-check-rdb "$backup" >/dev/null 2>&1 || die "$backup does not read back (redis-check-rdb)"
fi
if [ -n "${REDIS_URL:-}" ] && command -v redis-cli >/dev/null 2>&1; then
  . "$(dirname "$0")/redis-url.sh"
  redis_url_parse "$REDIS_URL"
  if [ "$(redis_cli ping 2>/dev/null)" = "PONG" ]; then
    die "Redis at REDIS_URL still runs: stop it (and the bot) first"
  fi
fi

aside="$data/before-restore-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$aside"
chmod 700 "$aside"
[ ! -e "$data/$rdb" ] || mv "$data/$rdb" "$aside/"
[ ! -e "$data/$aof_dir" ] || mv "$data/$aof_dir" "$aside/"
[ ! -e "$data/$aof" ] || mv "$data/$aof" "$aside/" # a pre-7 single AOF file

cp "$backup" "$data/$rdb"
mkdir "$data/$aof_dir"
cp "$backup" "$data/$aof_dir/$aof.1.base.rdb"
: >"$data/$aof_dir/$aof.1.incr.aof"
printf 'file %s seq 1 type b\nfile %s seq 1 type i\n' "$aof.1.base.rdb" "$aof.1.incr.aof" \
  >"$data/$aof_dir/$aof.manifest"
chmod 700 "$data/$aof_dir"
chmod 600 "$data/$rdb" "$data/$aof_dir"/*
# Redis runs as the folder's owner (redis, or a container's user): the new files are theirs.
if [ "$(id -u)" = 0 ]; then
  chown -R "$(stat -c %u:%g "$data")" "$data/$rdb" "$data/$aof_dir"
fi
if [ -f "$backup.archive.tar.gz" ]; then
  archive=${ARCHIVE_DIR:-$(dirname "$0")/../data/archive}
  [ ! -e "$archive" ] || mv "$archive" "$archive.before-restore-$(date -u +%Y%m%d-%H%M%S)"
  mkdir -p "$archive"
  tar -xzf "$backup.archive.tar.gz" -C "$archive" || die "could not unpack $backup.archive.tar.gz"
  echo "restored the archive of old history into $archive"
fi
echo "restored $backup into $data (the old files are in $aside); start Redis, then the bot"
