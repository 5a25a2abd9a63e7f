// Runs one of hippocampus's scripts (this checkout's) for a hook: python3 -S, no shell, bounded.
import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const SCRIPTS = join(dirname(fileURLToPath(import.meta.url)), "..", "scripts");

export function runScript(name, args, { agentId, timeoutMs = 60000 } = {}) {
  const argv = ["-S", join(SCRIPTS, name)];
  if (agentId && /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(agentId)) argv.push("--agent", agentId);
  argv.push(...args);
  return new Promise((resolve) => {
    execFile(process.env.HIPPOCAMPUS_PYTHON || "python3", argv,
      { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, env: process.env },
      (error, stdout, stderr) => resolve({ ok: !error, stdout: String(stdout), stderr: String(stderr).trim() }));
  });
}

export function warn(hook, result) {
  if (!result.ok) console.warn(`[${hook}] ${result.stderr.split("\n").pop() || "failed"}`);
}
