/**
 * The live preview runs in the owner's browser, beside the editor, on every host (static ones
 * too): its content pipeline and its page bundle for a browser as they are, with none of the
 * build's own modules (astro:content, astro:assets, the build's settings, node:…, which a browser
 * bundle cannot resolve) and nothing of the editor's (components never import editor/app/).
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ENTRIES = ['editor/preview/preview-content.ts', 'editor/preview/PagePreview.tsx'];

describe('the live preview in a browser', () => {
  it('bundles for a browser from the site’s own schemas, resolver and page bodies alone', async () => {
    const result = await build({
      entryPoints: ENTRIES,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      jsx: 'automatic',
      write: false,
      outdir: 'preview-bundle',
      metafile: true,
      logLevel: 'silent',
    });
    const ours = Object.keys(result.metafile.inputs).filter((input) => input.startsWith('src/'));
    expect(ours).toEqual(
      expect.arrayContaining([
        'src/content/schemas.ts',
        'src/content/resolve.ts',
        'src/components/kit/KitPageBody.tsx',
        'src/components/community/CommunityPageBody.tsx',
      ]),
    );
    expect(Object.keys(result.metafile.inputs).filter((input) => input.startsWith('editor/app/'))).toEqual(
      [],
    );
  });
});
