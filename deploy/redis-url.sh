# Sourced by backup-redis.sh and restore-redis.sh (POSIX sh; they define die()). Reads REDIS_URL
# the way the bot does (ioredis over WHATWG URL parsing), every form it accepts:
#   redis://host[:port][/db]                 no AUTH
#   redis://:password@host[:port][/db]       AUTH password
#   redis://user:password@host[:port][/db]   AUTH user password (an ACL user; user alone: empty password)
#   rediss://...                             the same over TLS (system CAs, or SSL_CERT_FILE)
# user and password percent-decoded (%40 is @); host in brackets for IPv6, default localhost; port
# 6379; db 0; ?db= ?username= ?password= as ioredis reads them (the URL's own parts win).
# The password never goes on a command line (the process list shows those): redis-cli gets it in
# REDISCLI_AUTH, and it is decoded through a pipe.

# Percent-decodes $1 (as decodeURIComponent) to stdout; fails on a % not followed by two hex digits.
redis_url_decode() {
  printf '%s' "$1" | LC_ALL=C awk '
    BEGIN { for (i = 0; i < 256; i++) hex[sprintf("%02x", i)] = i }
    {
      s = $0
      out = ""
      while ((i = index(s, "%")) > 0) {
        h = tolower(substr(s, i + 1, 2))
        if (!(h in hex)) exit 1
        out = out substr(s, 1, i - 1) sprintf("%c", hex[h])
        s = substr(s, i + 3)
      }
      printf "%s", out s
    }'
}

# Parses $1 into redis_host, redis_port, redis_db, redis_user, redis_tls and REDISCLI_AUTH.
redis_url_parse() {
  _ru=$(printf '%s' "$1" | tr -d '\t\r\n')
  case $_ru in
  redis://*) redis_tls= ;;
  rediss://*) redis_tls=1 ;;
  *) die "REDIS_URL must start with redis:// or rediss://" ;;
  esac
  _ru=${_ru#*://}
  _ru=${_ru%%#*}
  _query=
  case $_ru in *\?*)
    _query=${_ru#*\?}
    _ru=${_ru%%\?*}
    ;;
  esac
  _authority=${_ru%%/*}
  _path=
  case $_ru in */*) _path=${_ru#*/} ;; esac
  _userinfo=
  _hostport=$_authority
  case $_authority in *@*)
    _userinfo=${_authority%@*}
    _hostport=${_authority##*@}
    ;;
  esac
  _user=${_userinfo%%:*}
  _pass=
  case $_userinfo in *:*) _pass=${_userinfo#*:} ;; esac
  case $_hostport in
  \[*)
    redis_host=${_hostport%%]*}
    redis_host=${redis_host#\[}
    _port=${_hostport#*]}
    _port=${_port#:}
    ;;
  *:*)
    redis_host=${_hostport%%:*}
    _port=${_hostport#*:}
    ;;
  *)
    redis_host=$_hostport
    _port=
    ;;
  esac
  redis_host=${redis_host:-localhost}
  redis_port=${_port:-6379}
  redis_db=$_path
  # What ioredis takes from the query: only where the URL itself says nothing.
  _qdb=
  _quser=
  _qpass=
  _ifs=$IFS
  IFS='&'
  set -f
  for _kv in $_query; do
    _k=${_kv%%=*}
    _v=
    case $_kv in *=*) _v=$(printf '%s' "${_kv#*=}" | tr '+' ' ') ;; esac
    case $_k in
    db) _qdb=$_v ;;
    username) _quser=$_v ;;
    password) _qpass=$_v ;;
    family | "") ;;
    *)
      IFS=$_ifs
      set +f
      die "REDIS_URL: ?$_k is not something these scripts can pass to redis-cli"
      ;;
    esac
  done
  set +f
  IFS=$_ifs
  [ -n "$redis_db" ] || redis_db=$(redis_url_decode "$_qdb") || die "REDIS_URL: bad %-escape in ?db="
  redis_db=${redis_db:-0}
  if [ -z "$_user" ] && [ -z "$_pass" ]; then
    _user=$_quser
    _pass=$_qpass
  fi
  case $redis_port in '' | *[!0-9]*) die "REDIS_URL: the port must be a number" ;; esac
  case $redis_db in *[!0-9]*) die "REDIS_URL: the path must be a db number (/0, /1, ...)" ;; esac
  redis_user=$(redis_url_decode "$_user") || die "REDIS_URL: bad %-escape in the user name"
  # Into the environment only (REDISCLI_AUTH); a user alone sends AUTH with an empty password.
  if [ -n "$_user" ] || [ -n "$_pass" ]; then
    REDISCLI_AUTH=$(redis_url_decode "$_pass") || die "REDIS_URL: bad %-escape in the password"
    export REDISCLI_AUTH
  else
    unset REDISCLI_AUTH
  fi
}

# redis-cli against the parsed REDIS_URL, with the given arguments after the connection's.
redis_cli() {
  [ -z "$redis_user" ] || set -- --user "$redis_user" "$@"
  if [ -n "$redis_tls" ]; then
    # The server's name for SNI, as Node sends it (not for an address).
    case $redis_host in
    *:*) set -- --tls "$@" ;;
    *[!0-9.]*) set -- --tls --sni "$redis_host" "$@" ;;
    *) set -- --tls "$@" ;;
    esac
  fi
  redis-cli -h "$redis_host" -p "$redis_port" -n "$redis_db" --no-auth-warning "$@"
}
