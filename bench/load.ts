/**
 * `npm run bench:load`: our server (`npm run serve`) beside nginx with the generated config, on
 * the same build, on 127.0.0.1 only. Every loop is bounded in count and time. The scenarios, one
 * a file in bench/load/:
 *
 * 1. Stalled readers at 100 and then 200 connections, each count on freshly started servers (not
 *    warmed), against a baseline of as many idle connections on other fresh servers.
 * 2. Stalled senders, 3. load, 4. stop under load: in that order on the pair the 200 readers met.
 *
 * Prints one table, our server beside nginx, with the ratio, then the targets. BENCH_PORT (4390)
 * and BENCH_PORT+1 are the two servers' ports.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { underLoad } from './load/load.ts';
import type { Row, Section } from './load/measure.ts';
import { startPair } from './load/servers.ts';
import { stalledReaders } from './load/stalled-readers.ts';
import { stalledSenders } from './load/stalled-senders.ts';
import { stopUnderLoad } from './load/stop-under-load.ts';

const PORT = Number(process.env['BENCH_PORT'] ?? 4390);
const STALLED_READERS = [100, 200];

function print(sections: Section[]) {
  const rows = sections.flatMap((section) => section.rows);
  const header: Row = ['what', 'our server', 'nginx', 'ratio'];
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('\ntargets:');
  for (const [name, ok] of sections.flatMap((section) => section.checks))
    console.log(`  ${ok ? 'met   ' : 'MISSED'} ${name}`);
}

async function main() {
  if (!existsSync(resolve('dist/index.html'))) throw new Error('No build: run "npm run build" first.');
  const sections: Section[] = [];
  for (const [index, readers] of STALLED_READERS.entries()) {
    const { section, pair } = await stalledReaders(() => startPair(PORT), readers);
    sections.push(section);
    try {
      if (index === STALLED_READERS.length - 1) {
        sections.push(await stalledSenders(pair.targets));
        sections.push(await underLoad(pair.targets));
        sections.push(await stopUnderLoad(pair));
      }
    } finally {
      await pair.stop();
    }
  }
  print(sections);
}

await main();
