/**
 * A build serves no picture that no page shows (integrations/unused-images.ts): an image under
 * `_astro/` that no page, stylesheet, script or list of the build names is found for removal,
 * wherever the naming file sits, and what a page names is kept. tests/http/budget-checks.ts checks
 * every real build the same way, and the owner-edits proof with a picture the owner replaced.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unusedImages } from '../../integrations/unused-images.ts';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function build(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'be-unused-images-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the images no page shows', () => {
  it('are those of _astro/ that no page, stylesheet or script names', async () => {
    const dist = build({
      '_astro/photo.A1_x.avif': 'avif',
      '_astro/photo.A1_y.webp': 'webp',
      '_astro/photo.A1.jpg': 'the original',
      '_astro/replaced.B2.png': 'a replaced picture',
      '_astro/logo.C3.svg': '<svg/>',
      '_astro/site.D4.css': '.x { background: url(/_astro/logo.C3.svg) }',
      '_astro/boot.E5.js': 'console.log(1)',
      'index.html': '<picture><source srcset="/_astro/photo.A1_x.avif 400w"></picture>',
      'community/index.html': '<img src="/_astro/photo.A1_y.webp">',
    });
    expect((await unusedImages(dist)).sort()).toEqual(['_astro/photo.A1.jpg', '_astro/replaced.B2.png']);
  });

  it('is none in a build without an _astro folder', async () => {
    expect(await unusedImages(build({ 'index.html': '<p>hi</p>' }))).toEqual([]);
  });
});
