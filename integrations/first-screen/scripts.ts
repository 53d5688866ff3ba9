/**
 * The page's scripts as files: the loader that fetches the rest once the first screen is painted,
 * and what wakes the page's islands.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { parseDocument } from 'htmlparser2';

/** Astro's inline code for islands: it defines <astro-island>, or registers a hydration directive. */
const ISLAND_CODE = /customElements\.define\("astro-island"|\(self\.Astro\|\|\(self\.Astro=\{\}\)\)/;
/** An island's opening tag with its props (an attribute of JSON, escaped). */
const ISLAND_PROPS = /(<astro-island\b[^>]*?) props="([^"]*)"/g;

/**
 * The inline script that fetches the stylesheet and the page's script once the first screen is
 * painted: the same on every page (its tag names the files), so the site's policy holds one hash for it.
 */
let loader: Promise<string> | undefined;
export function loaderCode(): Promise<string> {
  const entry = fileURLToPath(new URL('../../src/lib/first-screen-loader.ts', import.meta.url));
  loader ??= build({
    stdin: {
      contents: `import { filesOf, loadAfterFirstPaint } from ${JSON.stringify(entry)};\nconst files = filesOf(document.currentScript);\nif (files) loadAfterFirstPaint(files);`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    legalComments: 'none',
  }).then((result) => result.outputFiles[0]!.text.trim());
  return loader;
}

/**
 * The page with its islands' inline code and props taken out, and the one script that puts them
 * back: each island's props first (on its tag, by its uid), then Astro's own code as it was inline,
 * which defines <astro-island> and so hydrates them. None for a page without islands.
 */
export function islandsOf(html: string): { html: string; code?: string } {
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].filter(([, code]) =>
    ISLAND_CODE.test(code!),
  );
  if (inline.length === 0) return { html };
  const props: Record<string, string> = {};
  let out = html.replace(ISLAND_PROPS, (tag: string, open: string) => {
    const island = parseDocument(`${tag}>`).children[0] as { attribs?: Record<string, string> };
    const { uid, props: value } = island.attribs ?? {};
    if (!uid || value === undefined) return tag;
    props[uid] = value;
    return open;
  });
  for (const [whole] of inline) out = out.replace(whole, () => '');
  const restore = `{const p=${JSON.stringify(props)};for(const u in p)document.querySelector(\`astro-island[uid="\${u}"]\`)?.setAttribute("props",p[u])}`;
  return { html: out, code: [restore, ...inline.map(([, code]) => code!.trim())].join(';\n') };
}
