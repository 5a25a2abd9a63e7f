import { runScript, warn } from "../../run.js";

const EVENTS = new Set(["command:new", "command:reset", "session:auto-reset", "session:compact:before"]);

export default async function handler(event) {
  if (!EVENTS.has(`${event.type}:${event.action}`)) return;
  const context = event.context || {};
  const result = await runScript("cron_job.py", ["run", "encode"], { agentId: context.agentId, timeoutMs: 120000 });
  warn("hippocampus-encode", result);
}
