#!/bin/sh
# Backs up the bot's Redis into one RDB file (every key: customers, wallets and ledger, orders,
# subscriptions, sessions, queues) and prints its path.
#
#   deploy/backup-redis.sh [out-dir]        (default ./backups)
#
# REDIS_URL (default redis://127.0.0.1:6379) names the server, in any form the bot accepts
# (redis-url.sh: a password, an ACL user, rediss://, a db number); behind Sentinel, the master's
# URL. The password reaches redis-cli through its environment (REDISCLI_AUTH), never its command
# line. Whatever the umask, the folder is made owner-only (700) and every backup in it 600: a
# backup holds every customer's data.
# How: BGSAVE (SCHEDULE, so an AOF rewrite in progress does not refuse it), wait until the snapshot
# is written, copy <dir>/<dbfilename> when this host can read Redis's folder; otherwise (another
# host, a container, BACKUP_VIA=stream) fetch a fresh snapshot over the connection with
# `redis-cli --rdb`. The copy is checked with redis-check-rdb when it is installed, then kept as
# redis-<UTC time>.rdb; only the newest BACKUP_KEEP (default 30) of those are kept. POSIX sh.
# The archive of old history on disk (ARCHIVE_DIR, default data/archive in the project folder) is
# packed beside it as redis-<UTC time>.rdb.archive.tar.gz, AFTER the snapshot: archiving writes to
# disk before it deletes from Redis, so whatever the snapshot lacks is in the archive (an item in
# both is read once). restore-redis.sh puts both back.
set -eu
umask 077
url=${REDIS_URL:-redis://127.0.0.1:6379}
out_dir=${1:-backups}
via=${BACKUP_VIA:-auto}
keep=${BACKUP_KEEP:-30}
timeout=${BACKUP_TIMEOUT:-600}
archive=${ARCHIVE_DIR:-$(dirname "$0")/../data/archive}

die() {
  echo "backup: $*" >&2
  exit 1
}
. "$(dirname "$0")/redis-url.sh"
redis_url_parse "$url"
cli() { redis_cli "$@"; }
info() { cli info persistence | tr -d '\r' | sed -n "s/^$1://p"; }

command -v redis-cli >/dev/null 2>&1 || die "redis-cli is missing (Debian: apt-get install redis-tools)"
[ "$(cli ping 2>&1)" = "PONG" ] || die "Redis at REDIS_URL does not answer: $(cli ping 2>&1 | head -n 1)"
mkdir -p "$out_dir"
chmod 700 "$out_dir"
name="redis-$(date -u +%Y%m%d-%H%M%S).rdb"
tmp="$out_dir/.$name.part"
trap 'rm -f "$tmp" "$tmp.archive"' EXIT

dir=""
file=""
if [ "$via" != "stream" ]; then
  dir=$(cli config get dir 2>/dev/null | tr -d '\r' | sed -n 2p || true)
  file=$(cli config get dbfilename 2>/dev/null | tr -d '\r' | sed -n 2p || true)
fi

# Redis's folder readable from here: this host (or a container sharing the volume) runs it.
if [ -n "$dir" ] && [ -n "$file" ] && [ -d "$dir" ] && [ -r "$dir" ] && [ -x "$dir" ]; then
  waited=0
  # While a snapshot for a replica (or another `--rdb`) is being made, BGSAVE is refused (SCHEDULE
  # waits only for an AOF rewrite), and that snapshot does not count in rdb_saves: ask again.
  while :; do
    before=$(info rdb_saves)
    [ -n "$before" ] || die "this Redis does not report rdb_saves (Redis 7 or newer needed); use BACKUP_VIA=stream"
    reply=$(cli bgsave schedule 2>&1 || true)
    case $reply in
    *"already in progress"*) ;;
    "Background saving"*) break ;;
    *) die "BGSAVE refused: $reply" ;;
    esac
    [ "$waited" -lt "$((timeout * 10))" ] || die "BGSAVE refused for $timeout s: $reply"
    sleep 0.1
    waited=$((waited + 1))
  done
  while [ "$(info rdb_saves)" = "$before" ] || [ "$(info rdb_bgsave_in_progress)" != "0" ]; do
    [ "$waited" -lt "$((timeout * 10))" ] || die "BGSAVE did not finish within $timeout s"
    sleep 0.1
    waited=$((waited + 1))
  done
  [ "$(info rdb_last_bgsave_status)" = "ok" ] || die "BGSAVE failed; see the Redis log"
  cp "$dir/$file" "$tmp"
else
  cli --rdb "$tmp" >/dev/null 2>&1 || die "redis-cli --rdb failed: $(cli --rdb "$tmp" 2>&1 | tail -n 1)"
fi

if command -v redis-check-rdb >/dev/null 2>&1; then
  redis-check-rdb "$tmp" >/dev/null 2>&1 || die "the snapshot does not read back (redis-check-rdb $tmp)"
fi
chmod 600 "$tmp"
if [ -d "$archive" ]; then
  tar -czf "$tmp.archive" -C "$archive" . || die "could not pack the archive folder $archive"
  chmod 600 "$tmp.archive"
  mv "$tmp.archive" "$out_dir/$name.archive.tar.gz"
fi
mv "$tmp" "$out_dir/$name"
trap - EXIT
# Backups made before this script set their mode: owner-only too.
for old in "$out_dir"/redis-*.rdb; do [ ! -f "$old" ] || chmod 600 "$old"; done

if [ "$keep" -gt 0 ]; then
  # Names sort by time; drop all but the newest $keep.
  ls "$out_dir" | grep -E '^redis-[0-9]{8}-[0-9]{6}\.rdb$' | sort -r | tail -n +"$((keep + 1))" |
    while read -r old; do rm -f "$out_dir/$old" "$out_dir/$old.archive.tar.gz"; done
fi
echo "$out_dir/$name"
