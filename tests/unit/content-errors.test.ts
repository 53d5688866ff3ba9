/**
 * A data file edited by hand into a bad state stops `npm run build` with a message that names the
 * file and the field, as the editor labels it and as the file writes it, in a copy of the project
 * (the real files are never touched). Each case sets the fields it breaks, whatever the owner's
 * files hold there (a headline on several lines, a video on either host, a split test running).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, PROJECT_ROOT, type ProjectCopy } from '../../harness/project-copy.ts';
import { CAMPAIGN_FOLDER } from '../../src/content/schemas/campaigns.ts';
import { SAMPLE_CAMPAIGN, writeCampaign } from '../support/campaign-build.ts';
import { formatUsd, siteContent } from '../../harness/site-content.ts';

/** The kit's price as the owner set it, as copy would type it. */
const typedPrice = formatUsd(siteContent.offer.kit.price);

let project: ProjectCopy;
beforeAll(() => {
  project = copyProject('content-errors');
});
afterAll(() => project.remove());

function buildWith(file: string, edit: (text: string) => string) {
  const path = join(project.root, file);
  const original = readFileSync(path, 'utf8');
  writeFileSync(path, edit(original));
  try {
    const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      cwd: project.root,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      encoding: 'utf8',
      timeout: 90_000,
    });
    // Colours (CI terminals get them) would split the words the tests look for.
    return { status: result.status, output: stripVTControlCharacters(`${result.stdout}${result.stderr}`) };
  } finally {
    writeFileSync(path, original);
  }
}

/** An edit that sets fields (each by its path in the file) and leaves every other line as it was. */
const setting =
  (...fields: [path: (string | number)[], value: unknown][]) =>
  (text: string): string => {
    const document = parseDocument(text);
    for (const [path, value] of fields) document.setIn(path, value);
    return document.toString({ lineWidth: 0 });
  };

/** A video's id as YouTube gives it (M7lc1UVf-VE is the one of YouTube's own API samples). */
const YOUTUBE_ID = 'M7lc1UVf-VE';

describe('a hand-broken data file stops the build', () => {
  it('names the file and the field of an emptied headline and a negative price', () => {
    const emptied = buildWith('src/content/kit.yaml', setting([['hero', 'headline'], '']));
    expect(emptied.status).not.toBe(0);
    expect(emptied.output).toContain('src/content/kit.yaml');
    expect(emptied.output).toContain('The kit page → Hero → Headline (hero.headline): must not be empty');

    const negative = buildWith('src/content/offer.yaml', setting([['kit', 'price'], -5]));
    expect(negative.status).not.toBe(0);
    expect(negative.output).toContain('src/content/offer.yaml');
    expect(negative.output).toContain(
      'Prices and figures → The Oh Sh*t Kit → Price (one-time, USD) (kit.price): must be at least 0',
    );
  }, 120_000);

  it('names the file and the field of an unknown figure token and of a price typed literally', () => {
    const result = buildWith(
      'src/content/kit.yaml',
      setting(
        [['hero', 'cta'], 'Get the kit for {kit.prize}'],
        [['buyBar', 'price'], `${typedPrice} one-time`],
      ),
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('Invalid content in src/content/kit.yaml');
    expect(result.output).toContain('The kit page → Hero → Button (hero.cta): {kit.prize} names no figure');
    expect(result.output).toContain(
      `The kit page → Mobile buy bar → Price (buyBar.price): "${typedPrice}" is typed as a figure; write {kit.price} instead`,
    );
  }, 120_000);

  it('refuses a video address where its id belongs, naming the field', () => {
    const result = buildWith(
      'src/content/videos.yaml',
      setting(
        [['kitIntro', 'provider'], 'youtube'],
        [['kitIntro', 'id'], `https://www.youtube.com/watch?v=${YOUTUBE_ID}`],
      ),
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(
      /Videos \(kit page\) → Kit intro → Video id \(kitIntro\.id\): is the video's address, not its id: write just \S+/,
    );
  }, 120_000);

  it('refuses a YouTube id under a Vimeo video (a broken embed), naming the field', () => {
    const result = buildWith(
      'src/content/videos.yaml',
      setting([['kitIntro', 'provider'], 'vimeo'], [['kitIntro', 'id'], YOUTUBE_ID]),
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("Video id (kitIntro.id): is a YouTube video's id, but the Host is vimeo");
  }, 120_000);

  it('names a campaign page whose name the site answers, and one that types a price, each by file and field', () => {
    const campaigns = join(project.root, CAMPAIGN_FOLDER);
    // No split test (one may name an owner's campaign page these builds remove), and none of the
    // owner's campaign pages: only the ones each build names.
    cpSync(
      join(PROJECT_ROOT, 'tests/fixtures/content/experiments.yaml'),
      join(project.root, 'src/content/experiments.yaml'),
    );
    rmSync(campaigns, { recursive: true, force: true });
    mkdirSync(campaigns, { recursive: true });
    try {
      writeCampaign(project.root, 'community', SAMPLE_CAMPAIGN.file);
      const named = buildWith('src/content/kit.yaml', (text) => text);
      expect(named.status).not.toBe(0);
      expect(named.output).toContain(`Invalid content in ${CAMPAIGN_FOLDER}/community.yaml`);
      expect(named.output).toContain('/community is already a page of the site');
      rmSync(campaigns, { recursive: true });
      writeCampaign(project.root, 'spring', { page: '/', fields: { 'hero.cta': `Only ${typedPrice}` } });
      const typed = buildWith('src/content/kit.yaml', (text) => text);
      expect(typed.status).not.toBe(0);
      expect(typed.output).toContain(`Invalid content in ${CAMPAIGN_FOLDER}/spring.yaml`);
      expect(typed.output).toContain('Campaign page → Words of this page → Hero → Button');
      expect(typed.output).toContain(
        `(fields.hero.cta): "${typedPrice}" is typed as a figure; write {kit.price} instead`,
      );
      rmSync(campaigns, { recursive: true });
      writeCampaign(project.root, 'spring', { page: '/community', fields: { 'roi.title': 'A title' } });
      const field = buildWith('src/content/kit.yaml', (text) => text);
      expect(field.status).not.toBe(0);
      expect(field.output).toContain(`${CAMPAIGN_FOLDER}/spring.yaml`);
      expect(field.output).toContain('(fields.roi.title): the community page has no such field');
    } finally {
      rmSync(campaigns, { recursive: true, force: true });
    }
  }, 240_000);
});
