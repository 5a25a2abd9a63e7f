#!/usr/bin/env bash
# Install the pinned host programs (tests/hosts/versions.env) with npm into a cache
# kept between runs on one machine, keyed by version:
#   ${HIPPOCAMPUS_HOSTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hippocampus-hosts}/
#     node-<NODE_VERSION>/            npm's node-linux-<arch> package (OpenClaw needs Node >= 24.16)
#     openclaw-<OPENCLAW_VERSION>/    openclaw, installed with that node on PATH
#     claude-code-<CLAUDE_CODE_VERSION>/
# usage: install-hosts.sh [openclaw|claude-code]...   (default: openclaw)
# Prints one line per host: NAME DIR. Where npm is absent it says so on one line and
# exits 0: the tests that need a host then skip, naming what is missing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=versions.env
. "$here/versions.env"
cache="${HIPPOCAMPUS_HOSTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hippocampus-hosts}"
[ $# -gt 0 ] || set -- openclaw

if ! command -v npm >/dev/null 2>&1; then
  echo "install-hosts: npm is not installed; the host integration tests will skip"
  exit 0
fi
mkdir -p "$cache"
if command -v flock >/dev/null 2>&1; then  # two test runs at once (CI's odd-clock run beside the main
  exec 9>"$cache/.lock"                    # one) install one at a time: the second finds it done
  flock 9
fi
case "$(uname -m)" in
  x86_64|amd64) arch=x64 ;;
  aarch64|arm64) arch=arm64 ;;
  *) echo "install-hosts: no npm node package for $(uname -m)" >&2; exit 3 ;;
esac

npm_into() {  # npm_into DIR PACKAGE@VERSION: install into DIR once; a half-done install never counts
  local dir="$1" spec="$2" tmp
  [ -f "$dir/.installed" ] && return 0
  mkdir -p "$cache"
  tmp="$(mktemp -d "$cache/.partial.XXXXXX")"
  if ! npm install --prefix "$tmp" --no-audit --no-fund --no-save --ignore-scripts --loglevel=error "$spec" >"$tmp.log" 2>&1; then
    echo "install-hosts: npm install $spec failed:" >&2; tail -n 20 "$tmp.log" >&2
    rm -rf "$tmp" "$tmp.log"; exit 3
  fi
  rm -f "$tmp.log"
  printf '%s\n' "$spec" > "$tmp/.installed"
  rm -rf "$dir"; mv "$tmp" "$dir"
}

node_dir="$cache/node-$NODE_VERSION"
npm_into "$node_dir" "node-linux-$arch@$NODE_VERSION"
export PATH="$node_dir/node_modules/.bin:$PATH"
for host in "$@"; do
  case "$host" in
    openclaw) dir="$cache/openclaw-$OPENCLAW_VERSION"; npm_into "$dir" "openclaw@$OPENCLAW_VERSION"
              echo "openclaw $dir ($("$dir/node_modules/.bin/openclaw" --version))" ;;
    claude-code) dir="$cache/claude-code-$CLAUDE_CODE_VERSION"
                 npm_into "$dir" "@anthropic-ai/claude-code@$CLAUDE_CODE_VERSION"
                 cli="$dir/node_modules/@anthropic-ai/claude-code/bin/claude.exe"
                 # its postinstall (skipped with the other packages' scripts) links the native binary that
                 # the platform's optional dependency brought: run it alone, offline, once
                 if ! DISABLE_AUTOUPDATER=1 "$cli" --version >/dev/null 2>&1; then
                   (cd "$dir" && node node_modules/@anthropic-ai/claude-code/install.cjs >/dev/null) \
                     || { echo "install-hosts: claude-code's install.cjs failed" >&2; exit 3; }
                 fi
                 echo "claude-code $dir ($(DISABLE_AUTOUPDATER=1 "$cli" --version))" ;;
    *) echo "install-hosts: unknown host $host (openclaw, claude-code)" >&2; exit 1 ;;
  esac
done
