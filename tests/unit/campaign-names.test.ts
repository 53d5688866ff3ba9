/**
 * A campaign page's file name is its address, so the build and the editor (which both ask
 * campaignNameProblem) refuse a name the site or a host already answers, and one that is not
 * lower-case letters, digits and hyphens; and its words and hidden sections only of its base page.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EDITOR_FUNCTION, VERCEL_FUNCTION } from '../../runtime/function-paths.ts';
import { redirects } from '../../runtime/rules.ts';
import { ANSWERED_PATHS } from '../../runtime/answered-paths.ts';
import { campaignNameProblem as problemWith, takenNames } from '../../src/content/campaign-names.ts';
import { campaignProblems } from '../../src/content/schemas/campaigns.ts';
import { sampleBuild } from '../support/site-facts.ts';

/** The site's routes as the build reads them. */
const PAGE_FILES = readdirSync('src/pages', { recursive: true, encoding: 'utf8' });
const TAKEN = takenNames(PAGE_FILES, ANSWERED_PATHS);
const campaignNameProblem = (name: string) => problemWith(name, TAKEN);

describe('a campaign page’s name', () => {
  it('is refused when the site answers it: each page and endpoint of src/pages/, the redirect, the not-found page', () => {
    const routes = readdirSync('src/pages')
      .map((entry) => entry.replace(/\.(astro|ts)$/, ''))
      .filter((entry) => entry !== 'index' && !entry.startsWith('['));
    expect(routes).toContain('community');
    for (const name of [...routes, ...redirects.map((r) => r.from.slice(1)), '404'])
      expect(campaignNameProblem(name), name).toMatch(new RegExp(`^/${name.replace('.', '\\.')} is already`));
  });

  it('is refused when a host or the server answers it: the editor, its API, the hashed files, the analytics’ own path, the hosts’ functions', () => {
    for (const name of ['keystatic', 'api', '_astro', 'a', VERCEL_FUNCTION, EDITOR_FUNCTION])
      expect(campaignNameProblem(name), name).toMatch(/is already/);
  });

  it('is refused for the first part of any path of a build’s route manifest but its campaign page', async () => {
    const build = await sampleBuild({ editor: true });
    try {
      const paths = [
        ...[...build.manifest.pages, ...build.manifest.assets, ...build.manifest.immutable].flatMap(
          (route) => route.paths,
        ),
        ...build.manifest.redirects.map((redirect) => redirect.from),
        build.manifest.notFound.replace(/\.html$/, ''),
        ...(build.manifest.editor ? [build.manifest.editor.page, ...build.manifest.editor.assets] : []),
      ];
      const segments = new Set(paths.map((path) => path.split('/')[1]!).filter(Boolean));
      // The sample's own made-up files (avatars/, big.bin) and its campaign page are no route of the site.
      for (const segment of [...segments].filter((s) => !['avatars', 'big.bin', 'podcast'].includes(s)))
        expect(campaignNameProblem(segment), segment).toBeDefined();
      expect(campaignNameProblem('podcast')).toBeUndefined();
    } finally {
      await build.remove();
    }
  });

  it('is lower-case letters, digits and hyphens', () => {
    for (const name of ['podcast', 'spring-sale-2027', 'x1'])
      expect(campaignNameProblem(name), name).toBeUndefined();
    for (const name of ['Podcast', 'spring_sale', 'spring sale', '-x', 'x-', 'a--b', 'über', ''])
      expect(campaignNameProblem(name), name).toMatch(/must be lower-case letters, digits and hyphens/);
  });
});

describe('a campaign page’s words and sections', () => {
  it('are only of its base page, each refusal at the field to fix', () => {
    expect(campaignProblems({ page: '/', fields: { 'hero.headline': 'Heard it on the radio?' } })).toEqual(
      [],
    );
    expect(
      campaignProblems({ page: '/community', fields: { 'roi.title': 'A title' }, hide: ['benefits', 'roi'] }),
    ).toEqual([
      { path: ['fields', 'roi.title'], message: 'the community page has no such field' },
      { path: ['hide', 1], message: 'the community page has no section roi' },
    ]);
  });
});
