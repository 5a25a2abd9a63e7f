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
openclaw_config=""
openclaw_config_given=0
agents_md=""
claude_project=""
uninstall=0

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
  --openclaw-config PATH  add HIPPOCAMPUS_CORE.md to agents.defaults.memorySearch.extraPaths
                   (default: ~/.openclaw/openclaw.json when it exists; --no-openclaw-config to skip)
                   and link the skill as WORKSPACE/skills/hippocampus
  --agents-md FILE add our block to FILE (e.g. AGENTS.md) between markers
  --claude-code [PROJECT_DIR]  Claude Code hooks in PROJECT_DIR/.claude/settings.json (default: here)
                   and our block in PROJECT_DIR/CLAUDE.md
  --uninstall      remove exactly what the options above added (the workspace stays)
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
    --openclaw-config) [ $# -ge 2 ] || { echo "install.sh: --openclaw-config needs a file" >&2; exit 1; }
                       openclaw_config="$2"; openclaw_config_given=1; shift 2 ;;
    --no-openclaw-config) openclaw_config=""; openclaw_config_given=2; shift ;;
    --agents-md) [ $# -ge 2 ] || { echo "install.sh: --agents-md needs a file" >&2; exit 1; }
                 agents_md="$2"; shift 2 ;;
    --claude-code) if [ $# -ge 2 ] && [ "${2#--}" = "$2" ]; then claude_project="$2"; shift 2
                   else claude_project="$PWD"; shift; fi ;;
    --uninstall) uninstall=1; shift ;;
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
# ------------------------------------------------------------- agent wiring
run() {  # run a change (skipped under --dry-run; the caller says what it would do)
  if [ "$dry_run" = 0 ]; then "$@"; fi
}
verb() {  # verb "would add" "added"
  if [ "$dry_run" = 1 ]; then printf '%s' "$1"; else printf '%s' "$2"; fi
}
need_jq() {
  command -v jq >/dev/null 2>&1 || { echo "install.sh: jq is needed for $1 (apt-get install jq)" >&2; exit 3; }
}
write_json() {  # write_json FILE JQ_ARGS... : apply a jq program, keeping a backup and the file's mode
  local file="$1" tmp; shift
  tmp="$(mktemp "${file}.XXXXXX")"
  if ! jq "$@" "$file" > "$tmp"; then rm -f "$tmp"; echo "install.sh: jq could not update $file" >&2; exit 3; fi
  if cmp -s "$tmp" "$file"; then rm -f "$tmp"; return 1; fi
  if [ "$dry_run" = 1 ]; then rm -f "$tmp"; return 0; fi
  cp -p "$file" "$file.hippocampus.bak"
  chmod --reference="$file" "$tmp" 2>/dev/null || true
  mv "$tmp" "$file"
}

core_path="$workspace/HIPPOCAMPUS_CORE.md"
if [ "$openclaw_config_given" = 0 ] && [ -f "$HOME/.openclaw/openclaw.json" ]; then
  openclaw_config="$HOME/.openclaw/openclaw.json"
fi
if [ -n "$openclaw_config" ]; then
  need_jq "--openclaw-config"
  [ -f "$openclaw_config" ] || { echo "install.sh: no such file: $openclaw_config" >&2; exit 1; }
  if ! jq -e 'type == "object"' "$openclaw_config" >/dev/null 2>&1; then
    echo "install.sh: $openclaw_config is not plain JSON that jq can read (JSON5 comments or trailing commas?);" \
         "left it untouched: add \"$core_path\" to agents.defaults.memorySearch.extraPaths by hand" >&2
    exit 1
  fi
  if [ "$uninstall" = 1 ]; then
    if write_json "$openclaw_config" --indent 2 --arg p "$core_path" '
        if ((.agents.defaults.memorySearch.extraPaths? // null) | type) != "array" then . else
          .agents.defaults.memorySearch.extraPaths |= map(select(. != $p))
          | if .agents.defaults.memorySearch.extraPaths == [] then del(.agents.defaults.memorySearch.extraPaths) else . end
          | if .agents.defaults.memorySearch == {} then del(.agents.defaults.memorySearch) else . end
          | if .agents.defaults == {} then del(.agents.defaults) else . end
          | if .agents == {} then del(.agents) else . end
        end'; then say "$(verb "would remove" removed) $core_path from memorySearch.extraPaths in $openclaw_config"
    else say "$openclaw_config: nothing of ours to remove"; fi
  else
    if write_json "$openclaw_config" --indent 2 --arg p "$core_path" '
        if any((.agents.defaults.memorySearch.extraPaths? // [])[]; . == $p) then . else
          .agents.defaults.memorySearch.extraPaths = ((.agents.defaults.memorySearch.extraPaths? // []) + [$p])
        end'; then say "$(verb "would add" added) $core_path to agents.defaults.memorySearch.extraPaths in $openclaw_config (backup: $openclaw_config.hippocampus.bak)"
    else say "$openclaw_config already lists $core_path"; fi
  fi
  skill_link="$workspace/skills/hippocampus"
  if [ "$uninstall" = 1 ]; then
    if [ -L "$skill_link" ] && [ "$(readlink "$skill_link")" = "$here" ]; then
      run rm "$skill_link"; say "$(verb "would remove" removed) the skill link $skill_link"
    fi
  elif [ "$(cd "$here" && pwd -P)" != "$(mkdir -p "$workspace/skills" 2>/dev/null; cd "$workspace/skills" 2>/dev/null && pwd -P)/hippocampus" ]; then
    if [ -L "$skill_link" ] && [ "$(readlink "$skill_link")" = "$here" ]; then
      say "skill already linked at $skill_link"
    elif [ -e "$skill_link" ]; then
      say "note: $skill_link exists and is not ours; left it alone"
    else
      run ln -s "$here" "$skill_link"; say "$(verb "would link" linked) the skill as $skill_link (OpenClaw loads skills/ from the workspace)"
    fi
  fi
fi

if [ -n "$agents_md" ]; then
  if [ "$uninstall" = 1 ]; then
    python3 "$here/scripts/wire.py" remove "$agents_md" $( [ "$dry_run" = 1 ] && echo --dry-run ) | sed 's/^/install.sh: /'
  else
    python3 "$here/scripts/wire.py" add "$agents_md" --body "$here/assets/templates/agents-block.md" \
      --base-dir "$here" $( [ "$dry_run" = 1 ] && echo --dry-run ) | sed 's/^/install.sh: /'
  fi
fi

if [ -n "$claude_project" ]; then
  need_jq "--claude-code"
  [ -d "$claude_project" ] || { echo "install.sh: no such project folder: $claude_project" >&2; exit 1; }
  settings="$claude_project/.claude/settings.json"
  created=0
  if [ ! -f "$settings" ]; then
    [ "$uninstall" = 1 ] && { say "$settings: not there, nothing to remove"; settings=""; }
    if [ -n "$settings" ]; then
      if [ "$dry_run" = 1 ]; then say "would create $settings"; settings=""; else
        mkdir -p "$claude_project/.claude"; printf '{}\n' > "$settings"; created=1; fi
    fi
  fi
  if [ -n "$settings" ]; then
    if ! jq -e 'type == "object"' "$settings" >/dev/null 2>&1; then
      echo "install.sh: $settings is not JSON jq can read; left it untouched" >&2; exit 1
    fi
    ours='def ours: (.hooks? // []) | any(.[]; (.command? // "") | contains("agent_hook.py"));'
    if [ "$uninstall" = 1 ]; then
      if write_json "$settings" --indent 2 "$ours"'
          if (.hooks | type) != "object" then . else
            .hooks |= (with_entries(if (.value | type) == "array" then .value |= map(select(ours | not)) else . end)
                       | with_entries(select(.value != [])))
            | if .hooks == {} then del(.hooks) else . end
          end'; then say "$(verb "would remove" removed) our hooks from $settings"
      else say "$settings: no hooks of ours"; fi
      if [ "$dry_run" = 0 ] && [ "$(cat "$settings")" = "{}" ]; then
        rm -f "$settings" "$settings.hippocampus.bak"; rmdir "$claude_project/.claude" 2>/dev/null || true
        say "removed $settings (only our hooks were in it)"
      fi
    else
      if write_json "$settings" --indent 2 --arg hook "$here/scripts/agent_hook.py" --arg ws "$workspace" \
          --arg proj "$(cd "$claude_project" && pwd -P)" "$ours"'
          def command(event): "python3 \($hook | @sh) \(event) --workspace \($ws | @sh) --project \($proj | @sh)";
          def add(event; what): .hooks[event] = ((.hooks[event] // [])
              | if any(.[]; ours) then . else . + [{"hooks": [{"type": "command", "command": command(what)}]}] end);
          .hooks = (.hooks // {}) | add("SessionStart"; "session-start") | add("Stop"; "session-end")
          | add("SessionEnd"; "session-end")'; then
        say "$(verb "would add" added) SessionStart (core memories) and Stop/SessionEnd (learn from the transcript, in the background) hooks to $settings"
        [ "$created" = 1 ] && rm -f "$settings.hippocampus.bak"
      else say "$settings already has our hooks"; fi
    fi
  fi
  if [ "$uninstall" = 1 ]; then
    python3 "$here/scripts/wire.py" remove "$claude_project/CLAUDE.md" $( [ "$dry_run" = 1 ] && echo --dry-run ) | sed 's/^/install.sh: /'
  else
    python3 "$here/scripts/wire.py" add "$claude_project/CLAUDE.md" --body "$here/assets/templates/agents-block.md" \
      --base-dir "$here" $( [ "$dry_run" = 1 ] && echo --dry-run ) | sed 's/^/install.sh: /'
  fi
fi

if [ "$uninstall" = 1 ]; then  # our jobs go too; the workspace and its memories stay
  if [ "$dry_run" = 1 ]; then python3 "$here/scripts/cron_job.py" unregister --workspace "$workspace" --dry-run
  else python3 "$here/scripts/cron_job.py" unregister --workspace "$workspace"; fi | sed 's/^/install.sh: /'
  say "uninstalled the wiring; memories in $workspace are untouched"
  exit 0
fi

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
python3 -m compileall -q -f "$here/scripts/hippocampus" >/dev/null && say "precompiled scripts/hippocampus"
python3 "$here/scripts/init.py" --workspace "$workspace" | sed 's/^/install.sh: /'
if [ -n "$cron" ]; then
  python3 "$here/scripts/cron_job.py" "${cron_args[@]}" | sed 's/^/install.sh: /'
fi
say "done. Try: $here/scripts/remember.py \"User prefers dark mode\" --workspace \"$workspace\""
