#!/usr/bin/env node
// `npm run check`: the checks in two lanes at once, one a core. ESLint with type information is
// most of the work, so each lane lints half the tree (the web app; the rest), each building only
// its half's TypeScript programs. The type checks run on the native TypeScript compiler (tsgo),
// which checks as TypeScript 6 does in a fifth of the time. Each lane's output is printed whole
// when it ends, so the two never interleave; the exit code is the first failure's.
import { spawn } from "node:child_process";

const WEB = "apps/web";
const lanes = [
  [
    ["npx", "eslint", "--max-warnings", "0", "--ignore-pattern", `${WEB}/**`, "."],
    ["npx", "prettier", "--check", "."],
  ],
  [
    ["npx", "eslint", "--max-warnings", "0", WEB],
    ["npm", "run", "--silent", "check:cycles"],
    ["npx", "tsgo", "--noEmit", "--checkers", "1", "-p", "."],
    ["npm", "run", "--silent", "typecheck", "--workspaces"],
    ["npm", "run", "--silent", "check:migrations"],
  ],
];

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

async function runLane(steps) {
  const started = Date.now();
  for (const step of steps) {
    const { code, output } = await run(step);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `\n> ${step.join(" ")} (${code === 0 ? "ok" : `failed, exit ${code}`} at ${seconds} s)\n${output}`,
    );
    if (code !== 0) return code;
  }
  return 0;
}

const codes = await Promise.all(lanes.map(runLane));
process.exitCode = codes.find((code) => code !== 0) ?? 0;
