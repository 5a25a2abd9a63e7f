// hippocampus as OpenClaw's memory plugin (the memory slot, plugins.slots.memory = "hippocampus").
//
// A thin shell: every tool runs one of this checkout's scripts (python3 -S scripts/NAME.py ... --json,
// an argv array, never a shell; the words of a query or a memory on stdin, an id after "--"), so Python
// stays the one implementation: recall's ranking, decay and supersession, remember's transaction (one
// git commit), forget. The shape is the one OpenClaw 2026.9.6 defines (its docs/plugins/sdk-entrypoints/
// define-plugin-entry.md: a default export {id, name, description, register(api)}; api.registerTool,
// api.on, api.registerMemoryCapability);
// nothing is imported from openclaw, so the plugin loads from this checkout as it is.
import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// OpenClaw runs a copy of this file from its own build folder: the scripts are found from the plugin's
// root as the loader gives it (api.rootDir, this folder in the checkout), else from this file's folder.
function scriptsBeside(root) {
  return join(typeof root === "string" && root ? root : dirname(fileURLToPath(import.meta.url)), "..", "scripts");
}
const AGENT_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const MEMORY_ID = /mem_[0-9a-f]{6,32}/;
const MAX_TEXT = 20000;

export function settings(raw, root) {
  const config = raw && typeof raw === "object" ? raw : {};
  const text = (value) => (typeof value === "string" && value.trim() ? value.trim() : undefined);
  const whole = (value, low, high, fallback) =>
    Number.isInteger(value) && value >= low && value <= high ? value : fallback;
  return {
    workspace: text(config.workspace),
    python: text(config.python) ?? "python3",
    autoRecall: config.autoRecall !== false,
    autoCapture: config.autoCapture === true,
    recallBudget: whole(config.recallBudget, 50, 8000, 400),
    timeoutMs: whole(config.timeoutMs, 1000, 300000, 60000),
    scripts: scriptsBeside(root),
  };
}

// One script, run with python -S: {ok, code, stdout, stderr (its last line)}; never throws.
export function runScript(options, name, args, { agentId, input } = {}) {
  const argv = ["-S", join(options.scripts, name)];
  if (options.workspace) argv.push("--workspace", options.workspace);
  else if (typeof agentId === "string" && AGENT_ID.test(agentId)) argv.push("--agent", agentId);
  argv.push(...args);
  return new Promise((resolve) => {
    const child = execFile(options.python, argv,
      // a script out of time is stopped as Ctrl-C stops it: before its commit or after, never between
      { timeout: options.timeoutMs, killSignal: "SIGINT", maxBuffer: 8 * 1024 * 1024, env: process.env,
        windowsHide: true },
      (error, stdout, stderr) => {
        const said = String(stderr).trim().split("\n").pop() || (error ? String(error.message) : "");
        resolve({ ok: !error, code: error ? (typeof error.code === "number" ? error.code : -1) : 0,
                  stdout: String(stdout), stderr: said });
      });
    child.stdin.on("error", () => {});
    child.stdin.end(input ?? "");
  });
}

function json(result) {
  try {
    return JSON.parse(result.stdout);
  } catch {
    return null;
  }
}

function answer(text, details) {
  return { content: [{ type: "text", text }], details };
}

function failed(result) {
  return answer(`hippocampus: ${result.stderr || "failed"}`, { error: result.stderr, exitCode: result.code });
}

function words(value, what) {
  if (typeof value !== "string" || !value.trim()) throw new Error(`${what} must be non-empty text`);
  if (value.length > MAX_TEXT) throw new Error(`${what} is longer than ${MAX_TEXT} characters`);
  return value;
}

function line(memory, index) {
  const when = typeof memory.created === "string" ? memory.created.slice(0, 10) : "?";
  const stale = memory.supersededBy ? `; stale: superseded by ${memory.supersededBy}` : "";
  return `${index + 1}. [${memory.id}] ${memory.content} (${memory.status}, observed ${when}${stale})`;
}

export async function search(options, params, agentId) {
  const query = words(params?.query, "query");
  const top = Number.isInteger(params?.maxResults) ? Math.min(Math.max(params.maxResults, 1), 50) : 5;
  const result = await runScript(options, "recall.py", ["--json", "--top", String(top), "-"],
    { agentId, input: query });
  const data = result.ok ? json(result) : null;
  if (!data) return failed(result);
  const found = data.results ?? [];
  const text = found.length ? `${found.length} memories:\n${found.map(line).join("\n")}` : "No memories found.";
  return answer(text, { query, results: found });
}

export async function get(options, params, agentId) {
  const asked = words(params?.id ?? params?.path, "id");
  const id = asked.match(MEMORY_ID)?.[0];
  if (!id) return answer(`hippocampus: not a memory id or file: ${asked.slice(0, 80)}`, { error: "not a memory id" });
  const result = await runScript(options, "history.py", ["--json", "--", id], { agentId });
  const data = result.ok ? json(result) : null;
  if (!data) return failed(result);
  const now = data.current ?? {};
  const text = `[${id}] ${now.content ?? "(purged)"} (${now.status ?? "gone"}; created ${now.created ?? "?"}; `
    + `reinforced ${now.timesReinforced ?? 0} times)`;
  return answer(text, data);
}

export async function store(options, params, agentId) {
  const text = words(params?.text, "text");
  const args = ["--json", "--source", "openclaw-plugin"];
  if (typeof params?.importance === "number" && params.importance >= 0 && params.importance <= 1)
    args.push("--importance", String(params.importance));
  for (const key of ["domain", "category"])
    if (typeof params?.[key] === "string" && params[key].trim()) args.push(`--${key}`, params[key].trim());
  const result = await runScript(options, "remember.py", [...args, "-"], { agentId, input: text });
  const data = result.ok ? json(result) : null;
  if (!data) return failed(result);
  return answer(`Stored: ${data.action} ${data.id} (${data.file ?? data.store})`, data);
}

export async function forget(options, params, agentId) {
  if (typeof params?.memoryId === "string" && params.memoryId.trim()) {
    const result = await runScript(options, "forget.py", ["--json", "--", params.memoryId.trim()], { agentId });
    const data = result.ok ? json(result) : null;
    if (!data) return failed(result);
    return answer(`Forgotten: ${data.forgotten.map((m) => m.id).join(", ")}`, data);
  }
  // By query: the candidates, for the agent to name one (a forget is never a guess)
  const found = await search(options, { query: params?.query, maxResults: 5 }, agentId);
  if (!found.details?.results) return found;
  const text = found.details.results.length
    ? `Which one? Call memory_forget with memoryId:\n${found.details.results.map(line).join("\n")}`
    : "No memories found.";
  return answer(text, { candidates: found.details.results });
}

const TOOLS = [
  {
    name: "memory_search", label: "Memory Search", run: search,
    description: "Search long-term memory (hippocampus): ranked by relevance, importance and decay; a "
      + "superseded fact gives way to the one that replaced it. Use before answering about the user, "
      + "past work, decisions, dates, preferences.",
    parameters: { type: "object", additionalProperties: false, required: ["query"], properties: {
      query: { type: "string", description: "What to look for" },
      maxResults: { type: "integer", minimum: 1, maximum: 50, description: "How many (default 5)" } } },
  },
  {
    name: "memory_get", label: "Memory Get", run: get,
    description: "One memory by id (mem_...) or by its file: its words, state and history.",
    parameters: { type: "object", additionalProperties: false, properties: {
      id: { type: "string", description: "The memory id (mem_...)" },
      path: { type: "string", description: "Or the memory's file, as memory_search gives it" } } },
  },
  {
    name: "memory_store", label: "Memory Store", run: store,
    description: "Save a fact, preference, decision or event in long-term memory (one git commit; "
      + "secrets redacted; an exact duplicate reinforces the memory already there).",
    parameters: { type: "object", additionalProperties: false, required: ["text"], properties: {
      text: { type: "string", description: "The memory, in one or two sentences" },
      importance: { type: "number", minimum: 0, maximum: 1, description: "0..1 (default: guessed)" },
      domain: { type: "string", enum: ["user", "self", "relationship", "world"] },
      category: { type: "string", description: "e.g. preferences, decisions, people" } } },
  },
  {
    name: "memory_forget", label: "Memory Forget", run: forget,
    description: "Forget a memory by memoryId; with a query instead, lists the candidates to choose from.",
    parameters: { type: "object", additionalProperties: false, properties: {
      memoryId: { type: "string", description: "The memory id (mem_...)" },
      query: { type: "string", description: "Words to find the memory by" } } },
  },
];

function tool(spec, options, agentId) {
  return {
    name: spec.name, label: spec.label, description: spec.description, parameters: spec.parameters,
    async execute(_toolCallId, params) {
      try {
        return await spec.run(options, params ?? {}, agentId);
      } catch (error) {
        return answer(`hippocampus: ${error.message}`, { error: error.message });
      }
    },
  };
}

function lastUserText(messages) {
  for (let i = (messages?.length ?? 0) - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role !== "user") continue;
    const content = message.content;
    if (typeof content === "string") return content;
    if (Array.isArray(content))
      return content.filter((part) => part?.type === "text" && typeof part.text === "string")
        .map((part) => part.text).join("\n");
    return "";
  }
  return "";
}

// Turns no person started (a cron job's, a heartbeat's) neither recall nor capture: their prompt is not
// the user's words.
const UNATTENDED = new Set(["cron", "heartbeat"]);

// Auto-recall: what recall.py renders for the agent (framed, within the budget), before the prompt is built.
export async function recallFor(options, event, agentId, trigger) {
  if (UNATTENDED.has(trigger)) return undefined;
  const asked = typeof event?.currentUserMessage === "string" ? event.currentUserMessage : event?.prompt;
  if (typeof asked !== "string" || asked.trim().length < 3) return undefined;
  const result = await runScript(options, "recall.py", ["--budget", String(options.recallBudget), "-"],
    { agentId, input: asked.slice(0, MAX_TEXT) });
  const said = result.stdout.trim().replace(/<(\/?)hippocampus-memories/gi, "&lt;$1hippocampus-memories");
  if (!result.ok || !said || said === "No memories found.") return undefined;
  return { prependContext: `<hippocampus-memories>\n${said}\n</hippocampus-memories>` };
}

// Auto-capture: the turn's last user message, through capture.py (noise dropped, secrets redacted, scored).
export async function captureFrom(options, event, agentId, trigger) {
  if (!event?.success || UNATTENDED.has(trigger)) return undefined;
  const said = lastUserText(event.messages).trim();
  if (said.length < 3) return undefined;
  return runScript(options, "capture.py", ["--json"],
    { agentId, input: `**User:** ${said.slice(0, MAX_TEXT).replace(/\n{2,}/g, "\n")}\n` });
}

// The memory capability: the prompt section naming our tools, and a search runtime over recall.py for
// the host code that asks the slot owner's runtime (src/plugins/memory-runtime.ts); `openclaw memory
// search` is memory-core's own command over its own index, whoever holds the slot (references/hosts.md).
function capability(options) {
  const manager = (agentId) => ({
    async search(query, opts) {
      const found = await search(options, { query, maxResults: opts?.maxResults ?? 6 }, agentId);
      return (found.details?.results ?? []).map((memory) => ({
        path: memory.file ?? memory.id, startLine: 1, endLine: 1, score: memory.score ?? 0,
        snippet: memory.content, source: "memory", importance: memory.importance, citation: memory.id }));
    },
    async readFile({ relPath }) {
      const found = await get(options, { id: relPath }, agentId);
      const text = found.details?.current?.content;
      return text ? { status: "ok", text, path: relPath } : { status: "not_found", text: "", path: relPath };
    },
    status: () => ({ backend: "builtin", provider: "hippocampus", workspaceDir: options.workspace,
      custom: { plugin: "hippocampus", scripts: options.scripts, ranking: "BM25 with decay and supersession" } }),
    async probeEmbeddingAvailability() {
      return { ok: true, checked: true };  // hippocampus ranks by words: no embedding provider to reach
    },
    async probeVectorAvailability() {
      return false;
    },
  });
  return {
    promptBuilder: (params) => {
      const tools = params?.availableTools;
      if (tools && typeof tools.has === "function" ? !tools.has("memory_search")
        : Array.isArray(tools) && !tools.includes("memory_search")) return [];
      return ["## Memory",
        "Long-term memory is hippocampus. Before answering about the user, past work, decisions or dates, "
        + "call memory_search; save what should last with memory_store; forget with memory_forget (by id).",
        ""];
    },
    runtime: {
      async getMemorySearchManager({ agentId }) {
        return { manager: manager(agentId) };
      },
      resolveMemoryBackendConfig: () => ({ backend: "builtin" }),
    },
  };
}

export default {
  id: "hippocampus",
  name: "hippocampus",
  description: "Long-term memory on plain files (decay, reinforcement, supersession; each change a git commit)",
  register(api) {
    const options = settings(api.pluginConfig, api.rootDir);
    for (const spec of TOOLS)
      api.registerTool((context) => tool(spec, options, context?.agentId), { name: spec.name });
    if (typeof api.registerMemoryCapability === "function") api.registerMemoryCapability(capability(options));
    if (typeof api.on !== "function") return;
    if (options.autoRecall)
      api.on("before_prompt_build",
        (event, context) => recallFor(options, event, context?.agentId, context?.trigger));
    if (options.autoCapture)
      api.on("agent_end", async (event, context) => {
        const result = await captureFrom(options, event, context?.agentId, context?.trigger);
        if (result && !result.ok) api.logger?.warn?.(`hippocampus: auto-capture: ${result.stderr}`);
      });
  },
};
