import { isAbsolute } from "node:path";
import { runScript, warn } from "../../run.js";

const EVENTS = new Set(["command:new", "command:reset", "session:auto-reset", "session:compact:before"]);
const ENDINGS = new Set(["command:new", "command:reset", "session:auto-reset"]); // a session ends (not compaction)

// The session that ended: its transcript file, when the event names one (a .jsonl path, nothing else).
function transcriptOf(context) {
  for (const entry of [context.previousSessionEntry, context.sessionEntry, context]) {
    const file = entry && typeof entry === "object" ? entry.sessionFile : undefined;
    if (typeof file === "string" && isAbsolute(file) && file.endsWith(".jsonl") && !file.includes("\0")) return file;
  }
  return null;
}

export default async function handler(event) {
  const kind = `${event.type}:${event.action}`;
  if (!EVENTS.has(kind)) return;
  const context = event.context || {};
  if (ENDINGS.has(kind)) { // a handoff for the next session, without an LLM; working memory cleared
    const transcript = transcriptOf(context);
    const args = ["create", "--session-end", "--origin", "OpenClaw session end"];
    if (transcript) args.push(`--transcript=${transcript}`);
    warn("hippocampus-encode", await runScript("handoff.py", args, { agentId: context.agentId, timeoutMs: 60000 }));
  }
  const result = await runScript("cron_job.py", ["run", "encode"], { agentId: context.agentId, timeoutMs: 120000 });
  warn("hippocampus-encode", result);
}
