import { join } from "node:path";
import { runScript, warn } from "../../run.js";

const MARK = "<!-- hippocampus:core:start -->";

export default async function handler(event) {
  if (event.type !== "agent" || event.action !== "bootstrap") return;
  const context = event.context || {};
  const files = Array.isArray(context.bootstrapFiles) ? context.bootstrapFiles : null;
  if (!files) return;
  // MEMORY.md's section carries the core memories already: only where the last session left off
  const carried = files.some((f) => f && !f.missing && typeof f.content === "string" && f.content.includes(MARK));
  const result = await runScript("load_core.py", carried ? ["--session-only"] : [],
                                 { agentId: context.agentId, timeoutMs: 15000 });
  warn("hippocampus-core", result);
  const content = result.ok ? result.stdout.trim() : "";
  if (!content || !content.includes("\n- ")) return; // nothing to add
  const name = carried ? "HIPPOCAMPUS_SESSION.md" : "HIPPOCAMPUS_CORE.md";
  files.push({ name, path: join(context.workspaceDir || ".", name), missing: false, content: content + "\n" });
}
