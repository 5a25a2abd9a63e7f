#!/usr/bin/env bash
# hippocampus installer: Python dependencies, the workspace, git, templates.
# Idempotent: running it again changes nothing that is already in place.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
workspace="${WORKSPACE:-$HOME/.openclaw/workspace}"
dev=0
dry_run=0
cron=""
cron_encode=0

usage() {
  cat <<USAGE
usage: ./install.sh [--workspace DIR] [--dev] [--dry-run] [--with-cron [--cron-encode] | --without-cron]

  --workspace DIR  where memories live (default: \$WORKSPACE or ~/.openclaw/workspace)
  --dev            also install what the tests need (pytest, hypothesis)
  --dry-run        print what would be done; change nothing
  --with-cron      register daily decay (03:00) and weekly consolidation (Saturday 21:00)
                   with openclaw cron, else crontab, else print the lines (idempotent)
  --cron-encode    with --with-cron: also encode new transcripts every 3 hours
  --without-cron   remove our scheduled jobs (only ours)
USAGE
}

while [ $# -gt 0 ]; do
  case "$1" in
    --workspace) [ $# -ge 2 ] || { echo "install.sh: --workspace needs a folder" >&2; exit 1; }
                 workspace="$2"; shift 2 ;;
    --workspace=*) workspace="${1#*=}"; shift ;;
    --dev) dev=1; shift ;;
    --dry-run) dry_run=1; shift ;;
    --with-cron) cron=register; shift ;;
    --without-cron) cron=unregister; shift ;;
    --cron-encode) cron_encode=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 1 ;;
  esac
done

say() { printf 'install.sh: %s\n' "$*"; }

command -v python3 >/dev/null 2>&1 || { echo "install.sh: python3 is required" >&2; exit 3; }
command -v git >/dev/null 2>&1 || { echo "install.sh: git is required (apt-get install git)" >&2; exit 3; }
command -v jq >/dev/null 2>&1 || say "note: jq is not installed; the scripts do not need it, but SKILL.md's shell examples use it"

requirements="$here/requirements.txt"
[ "$dev" = 1 ] && requirements="$here/requirements-dev.txt"

missing() {
  python3 - "$dev" <<'PY'
import importlib.util, sys
need = ["yaml", "frontmatter"] + (["pytest", "hypothesis"] if sys.argv[1] == "1" else [])
print(" ".join(n for n in need if importlib.util.find_spec(n) is None))
PY
}

todo="$(missing)"
if [ -n "$todo" ]; then
  if [ "$dry_run" = 1 ]; then
    say "would install Python packages from $(basename "$requirements") (missing: $todo)"
  else
    say "installing Python packages from $(basename "$requirements") (missing: $todo)"
    python3 -m pip install --quiet --disable-pip-version-check -r "$requirements" 2>/dev/null \
      || python3 -m pip install --quiet --disable-pip-version-check --user -r "$requirements" 2>/dev/null \
      || python3 -m pip install --quiet --disable-pip-version-check --user --break-system-packages -r "$requirements"
    todo="$(missing)"
    [ -z "$todo" ] || { echo "install.sh: could not install: $todo" >&2; exit 3; }
  fi
else
  say "Python packages already present"
fi

for script in "$here"/scripts/*.py; do
  if [ ! -x "$script" ]; then
    if [ "$dry_run" = 1 ]; then say "would make $(basename "$script") executable"
    else chmod +x "$script"; say "made $(basename "$script") executable"; fi
  fi
done

# Agents start a script per turn: compile the library once so start-up never
# recompiles it (even where PYTHONDONTWRITEBYTECODE stops Python from caching).
cron_args=()
[ -n "$cron" ] && cron_args=("$cron" --workspace "$workspace")
[ "$cron" = register ] && [ "$cron_encode" = 1 ] && cron_args+=(--encode)
if [ "$dry_run" = 1 ]; then
  say "would precompile scripts/hippocampus"
  say "would initialise the workspace at $workspace (scripts/init.py)"
  if [ -n "$cron" ] && [ -n "$todo" ]; then
    say "would $cron the scheduled jobs (after installing the packages)"
  elif [ -n "$cron" ]; then
    python3 "$here/scripts/cron_job.py" "${cron_args[@]}" --dry-run | sed 's/^/install.sh: /'
  fi
  exit 0
fi
python3 -m compileall -q "$here/scripts/hippocampus" >/dev/null && say "precompiled scripts/hippocampus"
python3 "$here/scripts/init.py" --workspace "$workspace" | sed 's/^/install.sh: /'
if [ -n "$cron" ]; then
  python3 "$here/scripts/cron_job.py" "${cron_args[@]}" | sed 's/^/install.sh: /'
fi
say "done. Try: $here/scripts/remember.py \"User prefers dark mode\" --workspace \"$workspace\""
