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
cron_sync=0
openclaw_config=""
with_hooks=0
with_plugin=0
openclaw_config_given=0
agents_md=""
claude_project=""
claude_code=0
shared=0
uninstall=0
force=0
mcp_clients=""   # --mcp: cursor codex gemini claude-desktop (space-separated once parsed)

usage() {
  cat <<USAGE
usage: ./install.sh [--workspace DIR] [--dev] [--dry-run] [--with-cron [--cron-encode] | --without-cron] [--with-sync]

  --workspace DIR  where memories live (default: \$WORKSPACE, else OpenClaw's workspace from its config:
                   agents.defaults.workspace, or agents.entries.\$HIPPOCAMPUS_OPENCLAW_AGENT.workspace)
  --dev            also install what the tests need (pytest, hypothesis)
  --dry-run        print what would be done; change nothing
  --with-cron      register daily decay (03:00) and weekly consolidation (Saturday 21:00)
                   with openclaw cron, else crontab, else print the lines (idempotent)
  --cron-encode    with --with-cron: also encode new transcripts every 3 hours
  --without-cron   remove our scheduled jobs (only ours)
  --with-hooks     also list our OpenClaw hook pack (openclaw-hooks/) in hooks.internal.load.extraDirs:
                   core memories at agent bootstrap, a session encoded when it ends and before
                   compaction (references/openclaw-hooks.md); --uninstall takes it out
  --openclaw-plugin  also make our OpenClaw memory plugin (openclaw-plugin/) OpenClaw's memory: its folder in
                   plugins.load.paths, plugins.entries.hippocampus, plugins.slots.memory (refused where another
                   plugin holds the slot); its tools memory_search, memory_get, memory_store, memory_forget
                   run the scripts (references/hosts.md); --uninstall takes it out
  --with-sync      with the scheduled jobs: sync.py with the workspace's git remote hourly and at
                   agent session start and end (set the remote first: scripts/init.py --remote URL)
  --openclaw-config PATH  add HIPPOCAMPUS_CORE.md to memory.search.extraPaths and this
                   checkout to skills.load.extraDirs (default: \$OPENCLAW_CONFIG_PATH, else
                   <state dir>/openclaw.json: \$OPENCLAW_STATE_DIR, ~/.openclaw-\$OPENCLAW_PROFILE,
                   ~/.openclaw; when it exists;
                   --no-openclaw-config to skip)
  --agents-md FILE add our block to FILE (e.g. AGENTS.md) between markers
  --claude-code [PROJECT_DIR]  Claude Code: hooks (core memories at session start, learning at
                   its end), our block, and the MCP server (claude mcp add --scope user, when the
                   claude CLI is there). Alone: user scope (~/.claude/settings.json, ~/.claude/CLAUDE.md);
                   with PROJECT_DIR: local scope (PROJECT_DIR/.claude/settings.local.json, CLAUDE.local.md).
                   Nothing else: OpenClaw's config only with --openclaw-config PATH, --with-hooks or --openclaw-plugin.
                   Where the hippocampus plugin is enabled, it wires nothing (the plugin gives the same)
  --shared         with --claude-code PROJECT_DIR: the team-shared .claude/settings.json and CLAUDE.md
  --force          with --claude-code: wire even where the hippocampus plugin is enabled (its hooks
                   then stay silent, install.sh's answer; Claude Code lists two MCP servers)
  --mcp CLIENTS    the MCP server for other agents: cursor, codex, gemini, claude-desktop (a comma
                   list, repeatable, or all), in their user config (~/.cursor/mcp.json,
                   ~/.codex/config.toml, ~/.gemini/settings.json, claude_desktop_config.json);
                   only our entry, found by an exact marker (scripts/wire_mcp.py); nothing else
                   (OpenClaw's config only with --openclaw-config PATH, --with-hooks or --openclaw-plugin)
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
    --with-hooks) with_hooks=1; shift ;;
    --openclaw-plugin) with_plugin=1; shift ;;
    --without-cron) cron=unregister; shift ;;
    --cron-encode) cron_encode=1; shift ;;
    --with-sync) cron=register; cron_sync=1; shift ;;
    --openclaw-config) [ $# -ge 2 ] || { echo "install.sh: --openclaw-config needs a file" >&2; exit 1; }
                       openclaw_config="$2"; openclaw_config_given=1; shift 2 ;;
    --no-openclaw-config) openclaw_config=""; openclaw_config_given=2; shift ;;
    --agents-md) [ $# -ge 2 ] || { echo "install.sh: --agents-md needs a file" >&2; exit 1; }
                 agents_md="$2"; shift 2 ;;
    --claude-code) if [ $# -ge 2 ] && [ "${2#--}" = "$2" ]; then claude_project="$2"; shift 2
                   else claude_project=""; shift; fi; claude_code=1 ;;
    --shared) shared=1; shift ;;
    --force) force=1; shift ;;
    --mcp|--mcp=*)
      if [ "$1" = --mcp ]; then [ $# -ge 2 ] || { echo "install.sh: --mcp needs a client: cursor, codex, gemini, claude-desktop or all" >&2; exit 1; }
        list="$2"; shift 2; else list="${1#*=}"; shift; fi
      for client in ${list//,/ }; do
        case "$client" in
          all) mcp_clients="$mcp_clients cursor codex gemini claude-desktop" ;;
          cursor|codex|gemini|claude-desktop) mcp_clients="$mcp_clients $client" ;;
          *) echo "install.sh: unknown MCP client $client (cursor, codex, gemini, claude-desktop or all)" >&2; exit 1 ;;
        esac
      done
      mcp_clients="$(printf '%s\n' $mcp_clients | awk '!seen[$0]++' | tr '\n' ' ')" ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 1 ;;
  esac
done

say() { printf 'install.sh: %s\n' "$*"; }

command -v python3 >/dev/null 2>&1 || { echo "install.sh: python3 is required" >&2; exit 3; }
command -v git >/dev/null 2>&1 || { echo "install.sh: git is required (apt-get install git)" >&2; exit 3; }
if [ -z "$workspace" ]; then  # the one the scripts will use: OpenClaw's (scripts/hippocampus/hosts/openclaw_config.py)
  workspace="$(cd "$here/scripts" && python3 -S -c 'from hippocampus.cli import default_workspace as w; print(w())' \
    2>/dev/null)" || workspace=""
  [ -n "$workspace" ] || workspace="$HOME/.openclaw/workspace"
fi
not_a_folder="$(cd "$here/scripts" && python3 -S -c 'import sys; from pathlib import Path; from hippocampus import cli
try: cli.a_folder(Path(sys.argv[1]))
except Exception as exc: print(exc)' "$workspace" 2>/dev/null)" || not_a_folder=""
[ -z "$not_a_folder" ] || { echo "install.sh: $not_a_folder" >&2; exit 3; }  # (scripts/init.py would say so last)
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

# The MCP server needs the optional package mcp 2.x (requirements-dev.txt has it; the scripts never
# import it). Asked for MCP wiring and it is missing: installed here; offline or refused, one line, and
# the entries are written all the same (the server starts once the package is there).
if [ "$uninstall" = 0 ] && { [ -n "$mcp_clients" ] || [ "$claude_code" = 1 ]; }; then
  has_mcp() { python3 -c 'import mcp.server.mcpserver' >/dev/null 2>&1; }
  mcp_spec='mcp>=2,<3'
  if has_mcp; then say "the Python package mcp is present (for the MCP server)"
  elif [ "$dry_run" = 1 ]; then say "would install the Python package mcp ('$mcp_spec', for the MCP server)"
  else
    say "installing the Python package mcp ('$mcp_spec', for the MCP server)"
    pip_quiet=(--quiet --disable-pip-version-check --retries 1 --timeout 20)
    { python3 -m pip install "${pip_quiet[@]}" "$mcp_spec" || python3 -m pip install "${pip_quiet[@]}" --user "$mcp_spec" \
        || python3 -m pip install "${pip_quiet[@]}" --user --break-system-packages "$mcp_spec"; } >/dev/null 2>&1 || true
    has_mcp || echo "install.sh: note: could not install the Python package mcp (offline, or pip refused); the MCP entries are written all the same, and the server starts once this has run: python3 -m pip install --user '$mcp_spec'" >&2
  fi
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
# ---------------------------------------------------------------- OpenClaw
# skills.load.extraDirs gets this checkout (OpenClaw loads the skill from here, so a
# `git pull` is the update; a link under WORKSPACE/skills is skipped by OpenClaw as a
# symlink escaping its root). Core memories reach OpenClaw's memory search once:
# through MEMORY.md's core section where our workspace is OpenClaw's (memory-core
# indexes MEMORY.md there anyway), else through HIPPOCAMPUS_CORE.md in
# memory.search.extraPaths (references/architecture.md, "OpenClaw's memory search").
# scripts/wire_openclaw.py edits the file as text, JSON or JSON5 (comments and layout
# kept), through its link if it is one, no backup left; the installed `openclaw config
# validate` checks the result, and a rejected file is put back byte for byte.
# --uninstall takes out exactly our entries (and the objects only they filled).
core_path="$workspace/HIPPOCAMPUS_CORE.md"
openclaw_cli="$(command -v openclaw 2>/dev/null || true)"
openclaw_py() {  # OpenClaw's config, state dir and workspace as the scripts resolve them (openclaw_config.py)
  (cd "$here/scripts" && python3 -S -c "import os; from hippocampus.hosts import openclaw_config as c; $1" 2>/dev/null)
}
# --claude-code and --mcp wire the agents they name and nothing else: OpenClaw's config is edited with
# them only when it is named (--openclaw-config PATH) or its hook pack or plugin asked for.
if [ "$openclaw_config_given" = 0 ] && [ "$with_hooks" = 0 ] && [ "$with_plugin" = 0 ] && { [ "$claude_code" = 1 ] || [ -n "$mcp_clients" ]; }; then
  openclaw_config_given=2
  default_config="$(openclaw_py 'print(c.config_path())')" || default_config=""
  if [ -n "$default_config" ] && [ -e "$default_config" ]; then
    say "OpenClaw: $default_config left as it is ($( [ "$claude_code" = 1 ] && echo --claude-code || echo --mcp ) wires only the agents it names; add --openclaw-config $default_config to wire OpenClaw too)"
  fi
fi
if [ "$openclaw_config_given" = 0 ]; then  # $OPENCLAW_CONFIG_PATH, else <state dir>/openclaw.json
  default_config="$(openclaw_py 'print(c.config_path())')" || default_config=""
  [ -n "$default_config" ] && [ -f "$default_config" ] && openclaw_config="$default_config"
  if [ -n "$default_config" ] && [ -L "$default_config" ] && [ ! -e "$default_config" ]; then
    echo "install.sh: note: $default_config is a link to $(readlink "$default_config"), which is not there; left OpenClaw's config as it is" >&2
  fi
fi
oc() {  # the installed openclaw, on the config we edit, never updating itself
  OPENCLAW_CONFIG_PATH="$openclaw_config" OPENCLAW_NO_AUTO_UPDATE=1 "$openclaw_cli" "$@"
}
openclaw_workspace() {  # the workspace OpenClaw's default agent uses, resolved as the scripts do
  local w=""             # (agents.defaults.workspace, $OPENCLAW_WORKSPACE_DIR, <state dir>/workspace)
  if [ -n "$openclaw_cli" ] && ! OPENCLAW_CONFIG_PATH="$openclaw_config" openclaw_py 'raise SystemExit(0 if c.read_config() else 1)'; then
    w="$(oc config get agents.defaults.workspace 2>/dev/null)" || w=""  # JSON5 beyond what Python reads: OpenClaw's
    case "$w" in "~") w="$HOME" ;; "~/"*) w="$HOME/${w#"~/"}" ;; esac
  fi
  if [ -n "$w" ]; then python3 -c 'import os, sys; print(os.path.realpath(sys.argv[1]))' "$w"
  else OPENCLAW_CONFIG_PATH="$openclaw_config" openclaw_py 'print(os.path.realpath(c.workspace()))'; fi
}
if [ -n "$openclaw_config" ]; then
  if [ ! -e "$openclaw_config" ]; then
    if [ -L "$openclaw_config" ]; then
      echo "install.sh: $openclaw_config is a link to $(readlink "$openclaw_config"), which is not there; left it as it is" >&2
    else echo "install.sh: no such file: $openclaw_config" >&2; fi
    exit 1
  fi
  with_core=1   # HIPPOCAMPUS_CORE.md in extraPaths only where MEMORY.md is not already indexed
  [ "$(openclaw_workspace)" = "$(python3 -c 'import os, sys; print(os.path.realpath(sys.argv[1]))' "$workspace")" ] && with_core=0
  wire=(--skill "$here" --core "$core_path" --hooks "$here/openclaw-hooks")
  [ -n "$openclaw_cli" ] && wire+=(--openclaw "$openclaw_cli")
  [ "$dry_run" = 1 ] && wire+=(--dry-run)
  if [ "$uninstall" = 1 ]; then
    python3 "$here/scripts/wire_openclaw.py" remove "$openclaw_config" "${wire[@]}" | sed 's/^/install.sh: /'
  else
    [ "$with_core" = 0 ] && wire+=(--no-core)
    [ "$with_hooks" = 1 ] && wire+=(--with-hooks)
    [ "$with_plugin" = 1 ] && wire+=(--with-plugin --workspace "$workspace")
    python3 "$here/scripts/wire_openclaw.py" add "$openclaw_config" "${wire[@]}" | sed 's/^/install.sh: /'
  fi
  skill_link="$workspace/skills/hippocampus"   # what install.sh made before: OpenClaw never loaded it
  if [ -L "$skill_link" ] && [ "$(readlink "$skill_link")" = "$here" ]; then
    run rm "$skill_link"; say "$(verb "would remove" removed) the old skill link $skill_link (the skill loads through skills.load.extraDirs)"
    run rmdir "$workspace/skills" 2>/dev/null || true
  fi
  if [ "$uninstall" = 0 ] && [ "$with_core" = 0 ]; then
    # this is OpenClaw's workspace: memory-core indexes MEMORY.md and memory/**/*.md, where the layout keeps
    # the live memories only; the core section of MEMORY.md is written now, not at the first sync_core
    if [ "$dry_run" = 0 ] && [ -f "$workspace/memory/index.json" ]; then
      python3 -S "$here/scripts/sync_core.py" --workspace "$workspace" >/dev/null \
        || echo "install.sh: note: sync_core.py could not write MEMORY.md's core section; run it to see why" >&2
    fi
    say "OpenClaw's memory search finds the live memories under memory/ and the core ones in MEMORY.md's section ($(verb "would write" wrote) it now)"
  fi
  if [ "$uninstall" = 0 ] && [ "$dry_run" = 0 ] && [ -n "$openclaw_cli" ]; then
    if oc skills info hippocampus 2>/dev/null | grep -q "Ready"; then say "OpenClaw: skill hippocampus is ready"
    else say "note: openclaw skills info hippocampus does not say Ready; run it to see what is missing"; fi
    if [ "$with_hooks" = 1 ]; then
      if [ "$(oc hooks list 2>/dev/null | grep -c 'ready.*hippocampus-')" = 2 ]; then say "OpenClaw: hooks hippocampus-core and hippocampus-encode are ready"
      else say "note: openclaw hooks list does not show our two hooks ready; run openclaw hooks info hippocampus-encode"; fi
    fi
    if [ "$with_plugin" = 1 ]; then
      if oc plugins list --json 2>/dev/null | python3 -c 'import json, sys
plugins = {p.get("id"): p for p in json.load(sys.stdin).get("plugins", [])}
ours = plugins.get("hippocampus") or {}
raise SystemExit(0 if ours.get("status") == "loaded" and ours.get("kind") == "memory" else 1)' 2>/dev/null
      then say "OpenClaw: plugin hippocampus is loaded and holds the memory slot"
      else say "note: openclaw plugins list does not show the hippocampus plugin loaded; run openclaw plugins inspect hippocampus"; fi
    fi
  fi
fi

if [ -n "$agents_md" ]; then
  if [ "$uninstall" = 1 ]; then
    python3 "$here/scripts/wire.py" remove "$agents_md" $( [ "$dry_run" = 1 ] && echo --dry-run ) | sed 's/^/install.sh: /'
  else
    python3 "$here/scripts/wire.py" add "$agents_md" --body "$here/assets/templates/agents-block.md" --for-workspace "$workspace" \
      --base-dir "$here" $( [ "$dry_run" = 1 ] && echo --dry-run ) | sed 's/^/install.sh: /'
  fi
fi

claude_cli="${HIPPOCAMPUS_CLAUDE_CLI:-$(command -v claude 2>/dev/null || true)}"
if [ "$claude_code" = 1 ] && [ "$uninstall" = 0 ]; then
  # The plugin (.claude-plugin/) gives Claude Code the same hooks, MCP server and skill: wired by both,
  # the agent would get two servers and (but for agent_hook.py --from-plugin) its core memories twice.
  # Where the claude CLI says the plugin is enabled (hosts/claude_plugin.py), nothing is wired but with --force.
  claude_plugins="$(cd "$here/scripts" && python3 -S -m hippocampus.hosts.claude_plugin enabled "$claude_cli" \
    ${claude_project:+"$claude_project"} 2>/dev/null | paste -sd ',' - | sed 's/,/, /g')" || claude_plugins=""
  if [ -n "$claude_plugins" ] && [ "$force" = 0 ]; then
    say "Claude Code: the hippocampus plugin is enabled ($claude_plugins) and gives the hooks, the MCP server and the skill already, so --claude-code changed nothing (both would start two servers); to use install.sh's wiring instead: claude plugin uninstall ${claude_plugins%% *} (in the scope named), or add --force"
    for wired in "$HOME/.claude/settings.json" ${claude_project:+"$claude_project/.claude/settings.local.json" "$claude_project/.claude/settings.json"}; do
      if [ -f "$wired" ] && grep -qF -- "--hippocampus-hook" "$wired" && grep -qF -- "$here/scripts/agent_hook.py" "$wired"; then
        say "note: $wired still has install.sh's hooks from before (the plugin's stay silent beside them); ./install.sh --uninstall --claude-code${claude_project:+ $claude_project} takes them and the MCP server out"
      fi
    done
    claude_code=0
  elif [ -n "$claude_plugins" ]; then
    say "Claude Code: the hippocampus plugin is enabled too ($claude_plugins); --force: wiring all the same (the plugin's hooks stay silent where install.sh's are; Claude Code lists two MCP servers)"
  fi
fi
if [ "$claude_code" = 1 ]; then
  # Claude Code (README, "Claude Code"): hooks, the CLAUDE.md block and the MCP server hold this
  # checkout's and this workspace's absolute paths, so they go where only this person reads them:
  # user scope (~/.claude/settings.json, ~/.claude/CLAUDE.md) for --claude-code alone, local scope
  # (DIR/.claude/settings.local.json, DIR/CLAUDE.local.md) for --claude-code DIR, and the team-shared
  # DIR/.claude/settings.json and DIR/CLAUDE.md only with --shared. Our hooks are found by an exact
  # marker (scripts/wire_claude.py); --uninstall takes ours out of every one of these files.
  dry=(); [ "$dry_run" = 1 ] && dry=(--dry-run)
  ws_args=(--workspace "$workspace")
  if [ -z "$claude_project" ]; then
    [ "$shared" = 0 ] || { echo "install.sh: --shared needs --claude-code PROJECT_DIR (the project's team-shared files)" >&2; exit 1; }
    settings_files=("$HOME/.claude/settings.json"); block_files=("$HOME/.claude/CLAUDE.md"); project_args=()
  else
    [ -d "$claude_project" ] || { echo "install.sh: no such project folder: $claude_project" >&2; exit 1; }
    claude_project="$(cd "$claude_project" && pwd -P)"; project_args=(--project "$claude_project")
    if [ "$shared" = 1 ]; then settings_files=("$claude_project/.claude/settings.json"); block_files=("$claude_project/CLAUDE.md")
    else settings_files=("$claude_project/.claude/settings.local.json"); block_files=("$claude_project/CLAUDE.local.md"); fi
    if [ "$uninstall" = 1 ]; then
      settings_files=("$claude_project/.claude/settings.local.json" "$claude_project/.claude/settings.json")
      block_files=("$claude_project/CLAUDE.local.md" "$claude_project/CLAUDE.md")
    elif [ "$shared" = 0 ]; then  # what an install.sh before local scope put in the team's files comes out
      [ -f "$claude_project/.claude/settings.json" ] && python3 "$here/scripts/wire_claude.py" remove \
        "$claude_project/.claude/settings.json" "${dry[@]}" | { grep -v ': no hooks of ours$' || true; } | sed 's/^/install.sh: /'
      if [ -f "$claude_project/CLAUDE.md" ] && grep -q '<!-- hippocampus:start' "$claude_project/CLAUDE.md"; then
        python3 "$here/scripts/wire.py" remove "$claude_project/CLAUDE.md" "${dry[@]}" | sed 's/^/install.sh: /'
      fi
    fi
  fi
  for settings in "${settings_files[@]}"; do
    if [ "$uninstall" = 1 ]; then
      python3 "$here/scripts/wire_claude.py" remove "$settings" "${dry[@]}" | sed 's/^/install.sh: /'
    else
      python3 "$here/scripts/wire_claude.py" add "$settings" "${ws_args[@]}" "${project_args[@]}" "${dry[@]}" \
        | sed 's/^/install.sh: /'
    fi
  done
  for block in "${block_files[@]}"; do
    if [ "$uninstall" = 1 ]; then
      python3 "$here/scripts/wire.py" remove "$block" "${dry[@]}" | sed 's/^/install.sh: /'
    else
      python3 "$here/scripts/wire.py" add "$block" --body "$here/assets/templates/claude-block.md" \
        --base-dir "$here" --for-workspace "$workspace" "${dry[@]}" | sed 's/^/install.sh: /'
    fi
  done
  # the MCP server, in user scope, through the claude CLI where it is installed
  mcp_script="$here/scripts/mcp_server.py"
  mcp_state() {  # ours | theirs | none: the user-scope entry named hippocampus (exact command and script)
    python3 - "${CLAUDE_CONFIG_DIR:-$HOME}/.claude.json" "$mcp_script" "$workspace" <<'PY'
import json, sys
try:
    entry = json.load(open(sys.argv[1], encoding="utf-8")).get("mcpServers", {}).get("hippocampus")
except (OSError, ValueError, AttributeError):
    entry = None
if not isinstance(entry, dict):
    print("none")
elif entry.get("command") == "python3" and (entry.get("args") or [None])[:1] == [sys.argv[2]]:
    print("same" if entry.get("args") == [sys.argv[2], "--workspace", sys.argv[3]] else "ours")
else:
    print("theirs")
PY
  }
  if [ -z "$claude_cli" ]; then
    [ "$uninstall" = 1 ] || say "note: the claude CLI is not installed; to give Claude Code the MCP server later: claude mcp add --scope user hippocampus -- python3 $mcp_script --workspace $workspace"
  else
    state="$(mcp_state)"
    if [ "$uninstall" = 1 ]; then
      if [ "$state" = same ] || [ "$state" = ours ]; then
        run "$claude_cli" mcp remove --scope user hippocampus >/dev/null
        say "$(verb "would remove" removed) the MCP server hippocampus (claude mcp remove --scope user hippocampus)"
      elif [ "$state" = theirs ]; then say "the MCP server named hippocampus is not ours; left it"; fi
    elif [ "$state" = same ]; then say "Claude Code already has the MCP server hippocampus"
    elif [ "$state" = theirs ]; then say "note: an MCP server named hippocampus that is not ours is registered; left it"
    else
      [ "$state" = ours ] && run "$claude_cli" mcp remove --scope user hippocampus >/dev/null
      if [ "$dry_run" = 0 ] && ! out="$("$claude_cli" mcp add --scope user hippocampus -- python3 "$mcp_script" --workspace "$workspace" 2>&1)"; then
        echo "install.sh: claude mcp add failed: $(printf '%s' "$out" | tr '\n' ' ' | cut -c1-300)" >&2; exit 3
      fi
      say "$(verb "would register" registered) the MCP server hippocampus with Claude Code (claude mcp add --scope user: ${CLAUDE_CONFIG_DIR:-$HOME}/.claude.json)"
    fi
  fi
fi

mcp_failed=0
if [ -n "$mcp_clients" ]; then
  # Cursor, Codex, Gemini CLI, Claude Desktop (README, "MCP clients"; references/hosts.md): our entry
  # in each one's user config, the same workspace as everything else; a file we cannot edit safely
  # (comments, JSON5, a server named hippocampus that is not ours) is left as it is, with one line.
  dry=(); [ "$dry_run" = 1 ] && dry=(--dry-run)
  for client in $mcp_clients; do
    action=add; [ "$uninstall" = 1 ] && action=remove
    python3 "$here/scripts/wire_mcp.py" "$action" "$client" --workspace "$workspace" "${dry[@]}" \
      | sed 's/^/install.sh: /' || mcp_failed=1
  done
fi
mcp_done() {
  [ "$mcp_failed" = 0 ] || { echo "install.sh: some MCP client files were left untouched (see above)" >&2; exit 1; }
}

if [ "$uninstall" = 1 ]; then  # our jobs go too; the workspace and its memories stay
  if [ "$dry_run" = 1 ]; then python3 "$here/scripts/cron_job.py" unregister --workspace "$workspace" --dry-run
  else python3 "$here/scripts/cron_job.py" unregister --workspace "$workspace"; fi | sed 's/^/install.sh: /'
  say "uninstalled the wiring; memories in $workspace are untouched"
  mcp_done
  exit 0
fi

cron_args=()
[ -n "$cron" ] && cron_args=("$cron" --workspace "$workspace")
[ "$cron" = register ] && [ "$cron_encode" = 1 ] && cron_args+=(--encode)
[ "$cron" = register ] && [ "$cron_sync" = 1 ] && cron_args+=(--sync)
if [ "$dry_run" = 1 ]; then
  say "would precompile scripts/hippocampus"
  if [ "$(cd "$here/scripts" && python3 -S -c 'import sys; from pathlib import Path; from hippocampus.base.paths import WorkspacePaths as W
print(int(W(Path(sys.argv[1])).index.is_file()))' "$workspace" 2>/dev/null)" = 1 ]; then
    say "the workspace at $workspace exists: nothing to initialise (scripts/init.py only adds what is missing)"
  else say "would initialise the workspace at $workspace (scripts/init.py)"; fi
  if [ -n "$cron" ] && [ -n "$todo" ]; then
    say "would $cron the scheduled jobs (after installing the packages)"
  elif [ -n "$cron" ]; then
    python3 "$here/scripts/cron_job.py" "${cron_args[@]}" --dry-run | sed 's/^/install.sh: /'
  fi
  mcp_done
  exit 0
fi
python3 -m compileall -q -f "$here/scripts/hippocampus" >/dev/null && say "precompiled scripts/hippocampus"
python3 "$here/scripts/init.py" --workspace "$workspace" | sed 's/^/install.sh: /'
if [ -n "$cron" ]; then
  python3 "$here/scripts/cron_job.py" "${cron_args[@]}" | sed 's/^/install.sh: /'
fi
mcp_done
say "done. Try: $here/scripts/remember.py \"User prefers dark mode\" --workspace \"$workspace\""
