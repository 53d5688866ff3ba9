/**
 * The owner-edits proof's browser run (tests/owner-edits/prove.ts), one Playwright run over its two
 * edited copies, each built and served by its own server: the copy with shorter heroes (this
 * file's project, where the run starts) and the one with longer heroes (OWNER_EDITS_LONGER_ROOT).
 * Each copy's projects take their tests from that copy, so every test reads the content of the
 * copy it checks. One run, not three, pays Playwright's start and the servers' once.
 */
import { defineConfig, type Project, type ReporterDescription } from '@playwright/test';
import { join } from 'node:path';
import base from '../../playwright.config.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';
import {
  BUDGETS_SPEC,
  e2eContentReaders,
  FIRST_SCREEN,
  FIRST_SCREEN_SPEC,
} from '../support/content-reach.ts';

const longerRoot = process.env['OWNER_EDITS_LONGER_ROOT'];
if (!longerRoot) throw new Error('owner-edits: OWNER_EDITS_LONGER_ROOT names the copy with longer heroes.');
const port = Number(process.env['OWNER_EDITS_PORT']);
if (!port)
  throw new Error('owner-edits: OWNER_EDITS_PORT is the shorter copy’s port (the longer’s is the next).');

const escaped = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The tests the length of a hero's words can change: the heroes, the first screens, the budgets ("default build: …"). */
const HERO_TESTS = new RegExp(`hero|${escaped(FIRST_SCREEN)}|default build`);
const widthOf = (name: string) => base.projects!.find((project) => project.name === name)!;
/** The spec files by their path under tests/, as a pattern: Playwright matches it at the end of each file's path. */
const inTests = (files: string[]) => files.map((file) => file.replace(/^tests\//, ''));

interface Copy {
  name: string;
  root: string;
  port: number;
  /** The project of the main config, the spec files it runs here, and which of their tests. */
  runs: { width: string; files: string[]; grep?: RegExp }[];
}

const readers = (root: string) => [...e2eContentReaders(root), FIRST_SCREEN_SPEC];
const copies: Copy[] = [
  {
    name: 'shorter',
    root: PROJECT_ROOT,
    port,
    // At phone width every reader, the first screen at 1920 px among them; the other widths' first screens.
    runs: [
      { width: 'phone', files: readers(PROJECT_ROOT) },
      { width: 'http', files: [BUDGETS_SPEC] },
      ...['tablet', 'desktop'].map((width) => ({
        width,
        files: [FIRST_SCREEN_SPEC],
        grep: new RegExp(escaped(FIRST_SCREEN)),
      })),
    ],
  },
  {
    name: 'longer',
    root: longerRoot,
    port: port + 1,
    runs: ['phone', 'tablet', 'desktop', 'http'].map((width) => ({
      width,
      files: width === 'http' ? [BUDGETS_SPEC] : readers(longerRoot),
      grep: HERO_TESTS,
    })),
  },
];

const projects: Project[] = copies.flatMap(({ name, root, port, runs }) =>
  runs.map(({ width, files, grep }) => {
    const project = widthOf(width);
    return {
      ...project,
      name: `${name}, ${width}`,
      testDir: join(root, 'tests'),
      testMatch: inTests(files),
      ...(grep ? { grep } : {}),
      use: { ...project.use, baseURL: `http://127.0.0.1:${port}` },
    };
  }),
);

const server = base.webServer as Exclude<typeof base.webServer, unknown[] | undefined>;
/** The main config's reporters, a file of ours found from the project's root as there. */
const reporter = (base.reporter as ReporterDescription[]).map((description): ReporterDescription =>
  description[0].startsWith('./') ? [join(PROJECT_ROOT, description[0]), description[1]] : description,
);
export default defineConfig({
  ...base,
  testDir: join(PROJECT_ROOT, 'tests'),
  reporter,
  // A red run names the test that pins the owner's value: a retry would only repeat it.
  retries: 0,
  projects,
  webServer: copies.map(({ root, port }) => ({
    ...server,
    cwd: root,
    env: { ...server.env, PORT: String(port) },
    url: `http://127.0.0.1:${port}/`,
  })),
});
