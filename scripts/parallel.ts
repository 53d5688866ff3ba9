/**
 * `node scripts/parallel.ts "npm run lint" "npm run test:unit" …`: runs the commands at once and
 * fails when any fails, naming it. `npm test` runs the linter beside the unit tests: the linter
 * keeps a core busy while the unit tests mostly wait on the servers and processes they start, so
 * together they take about the time of the longer. (`astro check` goes first, alone: it and the
 * unit tests' Vite config both write Astro's generated types.) After the end-to-end run, the
 * cross-engine suite goes beside the owner-edits proof: the one spends its time in Firefox and
 * WebKit on `dist/`, the other building and serving a copy of its own on other ports.
 * Each command's output is kept and printed whole when it ends, so nothing interleaves.
 */
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) throw new Error('Usage: node scripts/parallel.ts "<command>" …');

function run(command: string): Promise<{ command: string; code: number; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(
        `\n── ${command} (${seconds.toFixed(0)} s) ──\n${Buffer.concat(output).toString()}`,
      );
      resolve({ command, code: code ?? (signal ? 1 : 0), seconds });
    });
  });
}

const results = await Promise.all(commands.map(run));
const failed = results.filter((result) => result.code !== 0);
for (const { command, code } of failed) console.error(`parallel: \`${command}\` failed (exit ${code}).`);
process.exitCode = failed.length > 0 ? 1 : 0;
