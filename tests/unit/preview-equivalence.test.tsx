/**
 * The live preview of the saved content reads as the built page does: every section's headings
 * and text, in order, for `/`, `/community`, a campaign page on each and a split test's variant
 * of a page and of a campaign page. The built pages are a real `astro build` of a copy of the
 * project with those campaign pages and tests (tests/support/preview-build.ts); the preview is
 * handed the copy's data files as the editor reads them. Nothing expected is typed here: both
 * sides are read from the same files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PagePreview } from '../../editor/preview/PagePreview.tsx';
import type { PreviewTarget } from '../../editor/preview/prepare-page.ts';
import { previewContent, type PreviewContent } from '../../editor/preview/preview-content.ts';
import type { PictureResolver } from '../../src/content/pictures.ts';
import { pageSettings } from '../../src/lib/site-links.ts';
import { readDataFiles } from '../support/data-files.ts';
import {
  buildPreviewedPages,
  CAMPAIGN_EXPERIMENT,
  INDEXED_CAMPAIGN,
  SAMPLE_EXPERIMENT,
  TESTED_CAMPAIGN,
  type PagesBuild,
} from '../support/preview-build.ts';

/** Each image as it is (a picture's words are its description, which no section's text holds). */
const asItIs: PictureResolver = (path) => ({
  sources: [],
  src: path,
  width: 800,
  height: 450,
  alt: '',
  sizes: '',
});

const words = (node: Node | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * How a page reads: each of its sections in order (the nav, each part of `main`, the buy bar and
 * the footer), by its id, with its headings and all its text. What only shows without scripts is
 * left out: the preview is a scripted page; so are the preview's empty marks where a section starts
 * (the places it scrolls to as the owner moves through the form).
 */
function reading(page: ParentNode & Node) {
  // A copy: what React drew stays as it drew it.
  const root = page.cloneNode(true) as ParentNode;
  for (const quiet of root.querySelectorAll('noscript, script, template, style, [data-preview-part]:empty'))
    quiet.remove();
  const sections = root.querySelectorAll(
    ':scope > header, :scope > main > *, :scope > aside, :scope > footer',
  );
  return [...sections].map((section) => ({
    section: section.id || section.tagName.toLowerCase(),
    headings: [...section.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(words),
    text: words(section),
  }));
}

let build: PagesBuild;
let preview: PreviewContent;
beforeAll(async () => {
  build = await buildPreviewedPages();
  preview = previewContent(readDataFiles(build.root));
}, 900_000);
afterAll(() => build?.remove());

const builtReading = (file: string) => {
  // The body alone: the head's stylesheets are not for reading (and happy-dom would try to load them).
  const html = readFileSync(join(build.dist, file), 'utf8').replace(/^[\s\S]*?(?=<body)/, '');
  return reading(new DOMParser().parseFromString(html, 'text/html').body);
};

async function previewReading(target: PreviewTarget) {
  const { container } = render(
    <PagePreview content={preview} target={target} pictures={asItIs} settings={pageSettings()} />,
  );
  await screen.findByRole('main');
  return reading(container);
}

const variantOf = (test: { id: string; variants: readonly { id: string }[] }) => ({
  experiment: test.id,
  variant: test.variants[1]!.id,
});

describe('the live preview of the saved content reads as the built page', () => {
  it.each([
    ['/', { path: '/' }, 'index.html'],
    ['/community', { path: '/community' }, 'community/index.html'],
    ['a campaign page on /', { path: `/${TESTED_CAMPAIGN.name}` }, `${TESTED_CAMPAIGN.name}/index.html`],
    [
      'a campaign page on /community',
      { path: `/${INDEXED_CAMPAIGN.name}` },
      `${INDEXED_CAMPAIGN.name}/index.html`,
    ],
    [
      'a variant of /',
      { path: SAMPLE_EXPERIMENT.page, variant: variantOf(SAMPLE_EXPERIMENT) },
      `variants/${SAMPLE_EXPERIMENT.id}/${SAMPLE_EXPERIMENT.variants[1]!.id}/index.html`,
    ],
    [
      'a variant of a campaign page',
      { path: CAMPAIGN_EXPERIMENT.page, variant: variantOf(CAMPAIGN_EXPERIMENT) },
      `variants/${CAMPAIGN_EXPERIMENT.id}/${CAMPAIGN_EXPERIMENT.variants[1]!.id}/index.html`,
    ],
  ] as [string, PreviewTarget, string][])('%s', async (_name, target, file) => {
    expect(preview.refusals).toEqual([]);
    const built = builtReading(file);
    expect(built.length).toBeGreaterThan(5);
    expect(await previewReading(target)).toEqual(built);
  });
});
