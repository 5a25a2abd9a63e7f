import { join } from "node:path";
import { runScript, warn } from "../../run.js";

const MARK = "<!-- hippocampus:core:start -->";

export default async function handler(event) {
  if (event.type !== "agent" || event.action !== "bootstrap") return;
  const context = event.context || {};
  const files = Array.isArray(context.bootstrapFiles) ? context.bootstrapFiles : null;
  if (!files) return;
  if (files.some((f) => f && !f.missing && typeof f.content === "string" && f.content.includes(MARK))) return;
  const result = await runScript("load_core.py", [], { agentId: context.agentId, timeoutMs: 15000 });
  warn("hippocampus-core", result);
  const content = result.ok ? result.stdout.trim() : "";
  if (!content || !content.includes("\n- ")) return; // no core memories: nothing to add
  files.push({ name: "HIPPOCAMPUS_CORE.md", path: join(context.workspaceDir || ".", "HIPPOCAMPUS_CORE.md"),
               missing: false, content: content + "\n" });
}
