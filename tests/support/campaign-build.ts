/**
 * A production build of the site with two campaign pages, `/podcast` (a headline of its own on the
 * kit page) and `/spring-sale` (the community page, indexed), made in a copy of the project whose
 * src/content/campaigns/ holds just those files, built by `npm run build` as a host builds it (host
 * configs included); the pages as they were are those of Astro's build of the same copy before the
 * files were added. The working tree and dist/ are left alone, and the site ships no campaign page
 * of its own.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { copyProject, type ProjectCopy } from '../../harness/project-copy.ts';
import { CAMPAIGN_FOLDER } from '../../src/content/schemas/campaigns.ts';

/** The sample campaign page: its name (its address) and its file, as the owner writes it. */
export const SAMPLE_CAMPAIGN = {
  name: 'podcast',
  file: { page: '/', fields: { 'hero.headline': 'Heard about the kit on the podcast?' } },
} as const;

/** A second one, found by search engines: the community page with a headline of its own and a section hidden. */
export const INDEXED_CAMPAIGN = {
  name: 'spring-sale',
  file: {
    page: '/community',
    index: true,
    fields: { 'hero.headline': 'Spring is when owners plan the sale.' },
    hide: ['benefits'],
  },
} as const;

/** Writes `name`.yaml into the campaign folder of the project at `root`. */
export function writeCampaign(root: string, name: string, file: object): void {
  mkdirSync(join(root, CAMPAIGN_FOLDER), { recursive: true });
  writeFileSync(join(root, CAMPAIGN_FOLDER, `${name}.yaml`), stringify(file));
}

export interface CampaignBuild extends ProjectCopy {
  dist: string;
  /** The site's pages (`index.html`, `community/index.html`) as the same copy built them before the campaign page was added. */
  before: Record<string, string>;
}

const build = (root: string) =>
  promisify(execFile)('npm', ['run', 'build'], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    timeout: 400_000,
    maxBuffer: 20 * 1024 * 1024,
  });

/**
 * Astro's build alone in `root`: the pages, without what `npm run build` does after it (the
 * compressed copies, the host configs).
 */
export async function astroBuild(root: string): Promise<void> {
  await promisify(execFile)(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    // A guard against a hang: on two busy cores a build has taken five minutes.
    timeout: 900_000,
    maxBuffer: 20 * 1024 * 1024,
  });
}

/**
 * Builds the copy as it is, keeps its pages, then builds it again with the campaign pages
 * (the same folder both times: Astro names islands after their files' full paths); two minutes or more.
 */
export async function buildWithCampaign(): Promise<CampaignBuild> {
  const copy = copyProject('campaign');
  // A temp folder is private to its owner; nginx's workers (another user when started as root) read the build.
  chmodSync(copy.root, 0o755);
  const dist = join(copy.root, 'dist');
  // Only two pages of the first build are read, and what `npm run build` does after Astro's (the
  // compressed copies, the host configs) writes no page: Astro's build alone makes them as it does.
  await astroBuild(copy.root);
  const before = Object.fromEntries(
    ['index.html', 'community/index.html'].map((file) => [file, readFileSync(join(dist, file), 'utf8')]),
  );
  for (const { name, file } of [SAMPLE_CAMPAIGN, INDEXED_CAMPAIGN]) writeCampaign(copy.root, name, file);
  await build(copy.root);
  return { ...copy, dist, before };
}
