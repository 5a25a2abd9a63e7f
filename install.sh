#!/usr/bin/env bash
# hippocampus installer: Python dependencies, the workspace, git, templates.
# Idempotent: running it again changes nothing that is already in place.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
workspace="${WORKSPACE:-}"   # unset: resolved below as the scripts resolve it
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

  --workspace DIR  where memories live (default: \$WORKSPACE, else OpenClaw's workspace from its config:
                   agents.defaults.workspace, or agents.entries.\$HIPPOCAMPUS_OPENCLAW_AGENT.workspace)
  --dev            also install what the tests need (pytest, hypothesis)
  --dry-run        print what would be done; change nothing
  --with-cron      register daily decay (03:00) and weekly consolidation (Saturday 21:00)
                   with openclaw cron, else crontab, else print the lines (idempotent)
  --cron-encode    with --with-cron: also encode new transcripts every 3 hours
  --without-cron   remove our scheduled jobs (only ours)
  --openclaw-config PATH  add HIPPOCAMPUS_CORE.md to memory.search.extraPaths and this
                   checkout to skills.load.extraDirs (default: \$OPENCLAW_CONFIG_PATH, else
                   \${OPENCLAW_STATE_DIR:-~/.openclaw}/openclaw.json, when it exists;
                   --no-openclaw-config to skip)
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
if [ -z "$workspace" ]; then  # the one the scripts will use: OpenClaw's (scripts/hippocampus/openclaw_config.py)
  workspace="$(cd "$here/scripts" && python3 -S -c 'from hippocampus.config import default_workspace as w; print(w())' \
    2>/dev/null)" || workspace=""
  [ -n "$workspace" ] || workspace="$HOME/.openclaw/workspace"
fi
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

# ---------------------------------------------------------------- OpenClaw
# skills.load.extraDirs gets this checkout (OpenClaw loads the skill from here, so a
# `git pull` is the update; a link under WORKSPACE/skills is skipped by OpenClaw as a
# symlink escaping its root). Core memories reach OpenClaw's memory search once:
# through MEMORY.md's core section where our workspace is OpenClaw's (memory-core
# indexes MEMORY.md there anyway), else through HIPPOCAMPUS_CORE.md in
# memory.search.extraPaths (references/architecture.md, "OpenClaw's memory search"). Plain JSON is edited with jq (key order and every other
# value kept, no backup file left: the original bytes live in a private temp file
# only until OpenClaw has validated the result); where the installed `openclaw`
# rejects the result, the original is put back. A JSON5 file is written through
# `openclaw config set` (OpenClaw rewrites it as JSON). --uninstall takes out exactly
# our entries (and the objects only they filled).
core_path="$workspace/HIPPOCAMPUS_CORE.md"
scratch=()   # temp files holding a config's text: removed however the script ends
trap 'rm -f "${scratch[@]}"' EXIT
openclaw_cli="$(command -v openclaw 2>/dev/null || true)"
if [ "$openclaw_config_given" = 0 ]; then
  default_config="${OPENCLAW_CONFIG_PATH:-${OPENCLAW_STATE_DIR:-$HOME/.openclaw}/openclaw.json}"
  [ -f "$default_config" ] && openclaw_config="$default_config"
fi
oc() {  # the installed openclaw, on the config we edit, never updating itself
  OPENCLAW_CONFIG_PATH="$openclaw_config" OPENCLAW_NO_AUTO_UPDATE=1 "$openclaw_cli" "$@"
}
# ours: the jq functions that add or take out our entries (legacy key: install.sh
# before 2026-12 wrote agents.defaults.memorySearch, which OpenClaw now rejects)
ours_jq='
  def prune(f): if (getpath(f) == {} or getpath(f) == []) then delpaths([f]) else . end;
  def drop(f; $v): if (getpath(f) | type) == "array" then setpath(f; getpath(f) | map(select(. != $v))) else . end;
  def take_out: drop(["memory","search","extraPaths"]; $core) | prune(["memory","search","extraPaths"])
    | prune(["memory","search"]) | prune(["memory"])
    | drop(["skills","load","extraDirs"]; $skill) | prune(["skills","load","extraDirs"])
    | prune(["skills","load"]) | prune(["skills"])
    | drop(["agents","defaults","memorySearch","extraPaths"]; $core)
    | prune(["agents","defaults","memorySearch","extraPaths"]) | prune(["agents","defaults","memorySearch"])
    | prune(["agents","defaults"]) | prune(["agents"]);
  def add(f; $v): if any((getpath(f) // [])[]; . == $v) then . else setpath(f; (getpath(f) // []) + [$v]) end;
  def put_in: drop(["agents","defaults","memorySearch","extraPaths"]; $core)
    | prune(["agents","defaults","memorySearch","extraPaths"]) | prune(["agents","defaults","memorySearch"])
    | prune(["agents","defaults"]) | prune(["agents"])
    | if $with_core == "1" then add(["memory","search","extraPaths"]; $core)
      else drop(["memory","search","extraPaths"]; $core) | prune(["memory","search","extraPaths"])
        | prune(["memory","search"]) | prune(["memory"]) end
    | add(["skills","load","extraDirs"]; $skill);'
openclaw_json_edit() {  # edit plain JSON with jq; 0 changed, 1 nothing to do
  local what="$1" tmp keep out
  tmp="$(mktemp "${openclaw_config}.XXXXXX")"; scratch+=("$tmp")
  if ! jq --indent 2 --arg core "$core_path" --arg skill "$here" --arg with_core "$with_core" "$ours_jq $what" "$openclaw_config" > "$tmp"; then
    rm -f "$tmp"; echo "install.sh: jq could not update $openclaw_config" >&2; exit 3
  fi
  if cmp -s "$tmp" "$openclaw_config" || [ "$(jq -S . "$tmp")" = "$(jq -S . "$openclaw_config")" ]; then rm -f "$tmp"; return 1; fi
  if [ "$dry_run" = 1 ]; then rm -f "$tmp"; return 0; fi
  keep="$(mktemp "${openclaw_config}.XXXXXX")"; scratch+=("$keep")   # the original, until validated (mode 600)
  cp -p "$openclaw_config" "$keep"
  chmod --reference="$openclaw_config" "$tmp" 2>/dev/null || true
  mv "$tmp" "$openclaw_config"
  if [ -n "$openclaw_cli" ] && ! out="$(oc config validate 2>&1)"; then
    mv "$keep" "$openclaw_config"
    echo "install.sh: the installed OpenClaw rejects the change, $openclaw_config is as it was: $(printf '%s' "$out" | tr '\n' ' ' | cut -c1-300)" >&2
    exit 3
  fi
  rm -f "$keep"
}
openclaw_cli_edit() {  # a file jq cannot read (JSON5): through `openclaw config set/unset`
  local key="$1" value="$2" mode="$3" current next
  current="$(oc config get "$key" --json 2>/dev/null)" || current="[]"
  if [ "$mode" = remove ]; then
    next="$(printf '%s' "$current" | jq -c --arg v "$value" 'map(select(. != $v))')"
  else
    next="$(printf '%s' "$current" | jq -c --arg v "$value" 'if index([$v]) then . else . + [$v] end')"
  fi
  [ "$next" = "$(printf '%s' "$current" | jq -c .)" ] && return 1
  [ "$dry_run" = 1 ] && return 0
  if [ "$next" = "[]" ]; then oc config unset "$key" >/dev/null
  else oc config set "$key" "$next" --strict-json >/dev/null; fi \
    || { echo "install.sh: openclaw config set $key failed; see openclaw config validate" >&2; exit 3; }
}
openclaw_workspace() {  # the workspace OpenClaw's default agent uses (agents.defaults.workspace)
  local w=""
  if jq -e 'type == "object"' "$openclaw_config" >/dev/null 2>&1; then
    w="$(jq -r '.agents.defaults.workspace? // empty | strings' "$openclaw_config")"
  elif [ -n "$openclaw_cli" ]; then
    w="$(oc config get agents.defaults.workspace 2>/dev/null)" || w=""
  fi
  if [ -z "$w" ]; then
    if [ -n "${OPENCLAW_PROFILE:-}" ] && [ "$OPENCLAW_PROFILE" != default ]; then w="$HOME/.openclaw-$OPENCLAW_PROFILE/workspace"
    else w="$HOME/.openclaw/workspace"; fi
  fi
  case "$w" in "~") w="$HOME" ;; "~/"*) w="$HOME/${w#"~/"}" ;; esac
  python3 -c 'import os, sys; print(os.path.realpath(sys.argv[1]))' "$w"
}
if [ -n "$openclaw_config" ]; then
  need_jq "--openclaw-config"
  [ -f "$openclaw_config" ] || { echo "install.sh: no such file: $openclaw_config" >&2; exit 1; }
  with_core=1   # HIPPOCAMPUS_CORE.md in extraPaths only where MEMORY.md is not already indexed
  [ "$(openclaw_workspace)" = "$(python3 -c 'import os, sys; print(os.path.realpath(sys.argv[1]))' "$workspace")" ] && with_core=0
  if jq -e 'type == "object"' "$openclaw_config" >/dev/null 2>&1; then
    if [ "$uninstall" = 1 ]; then
      if openclaw_json_edit 'take_out'; then
        say "$(verb "would remove" removed) our entries (memory.search.extraPaths, skills.load.extraDirs) from $openclaw_config"
      else say "$openclaw_config: nothing of ours to remove"; fi
    else
      if openclaw_json_edit 'put_in'; then
        say "$(verb "would add" added) $here to skills.load.extraDirs$( [ "$with_core" = 1 ] && echo " and $core_path to memory.search.extraPaths") in $openclaw_config"
      else say "$openclaw_config already lists the skill$( [ "$with_core" = 1 ] && echo " and $core_path")"; fi
    fi
  elif [ -n "$openclaw_cli" ]; then
    changed=0 mode=add core_mode=add
    [ "$uninstall" = 1 ] && mode=remove
    [ "$uninstall" = 1 ] || [ "$with_core" = 0 ] && core_mode=remove
    openclaw_cli_edit memory.search.extraPaths "$core_path" "$core_mode" && changed=1
    openclaw_cli_edit skills.load.extraDirs "$here" "$mode" && changed=1
    if [ "$changed" = 1 ]; then
      say "$(verb "would $( [ "$uninstall" = 1 ] && echo remove || echo add )" "$( [ "$uninstall" = 1 ] && echo removed || echo added )") our entries in $openclaw_config with openclaw config (OpenClaw writes it back as plain JSON)"
    else say "$openclaw_config: nothing to change"; fi
  else
    echo "install.sh: $openclaw_config is not plain JSON that jq can read (JSON5 comments or trailing commas?) and openclaw is not installed;" \
         "left it untouched: add \"$core_path\" to memory.search.extraPaths and \"$here\" to skills.load.extraDirs by hand" >&2
    exit 1
  fi
  skill_link="$workspace/skills/hippocampus"   # what install.sh made before: OpenClaw never loaded it
  if [ -L "$skill_link" ] && [ "$(readlink "$skill_link")" = "$here" ]; then
    run rm "$skill_link"; say "$(verb "would remove" removed) the old skill link $skill_link (the skill loads through skills.load.extraDirs)"
    run rmdir "$workspace/skills" 2>/dev/null || true
  fi
  if [ "$uninstall" = 0 ] && [ "$with_core" = 0 ]; then
    say "core memories reach OpenClaw's memory search through MEMORY.md (this is OpenClaw's workspace, which it indexes)"
  fi
  if [ "$uninstall" = 0 ] && [ "$dry_run" = 0 ] && [ -n "$openclaw_cli" ]; then
    if oc skills info hippocampus 2>/dev/null | grep -q "Ready"; then say "OpenClaw: skill hippocampus is ready"
    else say "note: openclaw skills info hippocampus does not say Ready; run it to see what is missing"; fi
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
