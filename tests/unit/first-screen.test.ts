import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { metaPolicy } from '../../deploy/csp.ts';
import { splitPage } from '../../integrations/first-screen/index.ts';
import { islandsOf, loaderCode } from '../../integrations/first-screen/scripts.ts';
import {
  FIRST_SCREEN_END,
  FIRST_SCREEN_SECTIONS,
  firstScreenOf,
  firstScreenSections,
  LATER,
  markFirstScreenEnd,
  markLater,
} from '../../integrations/first-screen/sections.ts';
import { atRest, firstScreenCss, lateFontRules, layerOrder } from '../../integrations/first-screen/styles.ts';
import { trimPagePolicy } from '../../integrations/trim-policy.ts';
import { FIRST_SCREEN_ONLY, SHOW_ANYWAY_MS } from '../../src/lib/first-screen-loader.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const page = (main: string, css = '', module = 'console.log(1)') =>
  `<!DOCTYPE html><html><head><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' ${hash(module)}; style-src 'self' ${hash(css)};"><style>${css}</style></head><body><header class="top">Logo</header><main id="main">${main}</main><footer class="foot">End</footer><script type="module">${module}</script></body></html>`;

const THREE_SECTIONS =
  '<section class="hero"><h1 class="big">Title</h1><img src="a.avif" alt=""></section>' +
  '<div class="island"><span class="second">Two</span></div>' +
  '<section class="third"><p class="below">Three</p></section>';

describe('the first screen of a page', () => {
  it('is what precedes the main content and its first two top-level elements, closed again', () => {
    const cut = firstScreenOf(page(THREE_SECTIONS));
    expect(cut).toContain('class="hero"');
    expect(cut).toContain('class="second"');
    expect(cut).not.toContain('class="third"');
    expect(cut).not.toContain('class="foot"');
    expect(cut.endsWith('</main></body></html>')).toBe(true);
  });

  it('does not count inline styles and scripts in the main content, nor tags inside them', () => {
    const main = `<style>.x{}</style><script>if (a<b) document.write("<section>")</script>${THREE_SECTIONS}`;
    const cut = firstScreenOf(page(main));
    expect(cut).toContain('class="second"');
    expect(cut).not.toContain('class="third"');
  });

  it('marks what lies below it: the rest of the main content and what follows it', () => {
    const marked = markLater(
      page(`<script>let x = "<section>"</script>${THREE_SECTIONS}<img src="b.avif" alt="">`),
    );
    expect(marked).toContain(`<section ${LATER} class="third">`);
    expect(marked).toContain(`<img ${LATER} src="b.avif"`);
    expect(marked).toContain(`<footer ${LATER} class="foot">`);
    expect(marked).toContain('<section class="hero">');
    expect(marked).toContain('<div class="island">');
    expect(marked).toContain('<header class="top">');
    // A page no longer than its first screen has nothing below it.
    const short = page('<section class="only"></section>');
    expect(markLater(short)).toBe(short);
  });

  it('is as many sections as the page’s main content says, where it says so', () => {
    const declared = page(THREE_SECTIONS).replace(
      '<main id="main">',
      '<main id="main" data-first-screen="1">',
    );
    expect(firstScreenSections(declared)).toBe(1);
    expect(firstScreenSections(page(THREE_SECTIONS))).toBe(FIRST_SCREEN_SECTIONS);
    expect(firstScreenOf(declared)).not.toContain('class="island"');
    expect(markLater(declared)).toContain(`<div ${LATER} class="island">`);
  });

  it('ends with a marker, for the rule that shows its contents once all of it is parsed', () => {
    const declared = page(THREE_SECTIONS).replace(
      '<main id="main">',
      '<main id="main" data-first-screen="1">',
    );
    const marker = `<template id="${FIRST_SCREEN_END}"></template>`;
    // The marker closes the hero, inside it: the page's top-level parts are counted as before.
    const one = markFirstScreenEnd(declared);
    expect(one).toContain(`<img src="a.avif" alt="">${marker}</section><div class="island">`);
    expect(firstScreenOf(one)).toBe(firstScreenOf(declared).replace('</section>', `${marker}</section>`));
    // Nothing asks the browser to hold its paint.
    expect(one).not.toContain('blocking=');
    // Two sections: after the island's own content.
    expect(markFirstScreenEnd(page(THREE_SECTIONS))).toContain(
      `<span class="second">Two</span>${marker}</div>`,
    );
    // A page no longer than its first screen, or without main content, has no end to mark.
    const short = page('<section class="only"></section>');
    expect(markFirstScreenEnd(short)).toBe(short);
    const noMain = '<html><head></head><body><p>Moved</p></body></html>';
    expect(markFirstScreenEnd(noMain)).toBe(noMain);
  });

  it('is the whole page when it has no main content, or fewer sections', () => {
    const noMain = '<html><body><p>Moved</p></body></html>';
    expect(firstScreenOf(noMain)).toBe(noMain);
    const short = page('<section class="only"></section>');
    expect(firstScreenOf(short)).toBe(short);
  });
});

describe('a selector at rest', () => {
  it.each([
    ['.hover\\:bg-x:hover', '.hover\\:bg-x'],
    ['.md\\:flex', '.md\\:flex'],
    [':focus-visible', '*'],
    ['.a > ::after', '.a>*'],
    ['.group:hover .x', '.group .x'],
    ['input::placeholder', 'input'],
    [':where(.space-y-5>:not(:last-child))', ':where(.space-y-5>:not(:last-child))'],
    ['details[open]>summary::marker', 'details[open]>summary'],
  ])('%s is matched as %s', (selector, expected) => {
    expect(atRest(selector)).toBe(expected);
  });
});

describe('the first screen’s style rules', () => {
  const css =
    '@layer theme,base,utilities;' +
    '@layer theme{:root,:host{--color-ink:#111;--color-unused:#f00;--font-sans:var(--font-inter);--font-inter:Inter}}' +
    '@layer base{h1{margin:0}table{border-collapse:collapse}}' +
    '@layer utilities{.big{font-family:var(--font-sans);color:var(--color-ink)}.below{color:red}' +
    '.second:hover{color:blue}.spin{animation:var(--tw-animate-spin)}.island:focus-visible{outline:2px solid}' +
    ':where(.hero>:not(:last-child)){margin-bottom:1rem}' +
    '@media (width>=48rem){.big{font-size:3rem}.below{font-size:2rem}}}' +
    '@keyframes spin{to{transform:rotate(1turn)}}@property --tw-shadow{syntax:"*";inherits:false}';

  it('keeps the rules an element of the first screen can match, at every width and in every state', () => {
    const kept = firstScreenCss(page(THREE_SECTIONS, css), css);
    expect(kept).toContain('.big{font-family');
    expect(kept).toContain('@media (width>=48rem){.big{font-size:3rem}}');
    expect(kept).toContain('.second:hover');
    expect(kept).toContain('.island:focus-visible');
    expect(kept).toContain(':where(.hero>:not(:last-child))');
    expect(kept).toContain('h1{margin:0}');
  });

  it('drops what only the rest of the page uses, and what no kept rule names', () => {
    const kept = firstScreenCss(page(THREE_SECTIONS, css), css);
    expect(kept).not.toContain('.below');
    expect(kept).not.toContain('table');
    expect(kept).not.toContain('--color-unused');
    expect(kept).not.toContain('@keyframes spin');
    expect(kept).not.toContain('@property --tw-shadow');
    // A theme property used names another, which stays too.
    expect(kept).toContain('--font-inter:Inter');
    expect(kept).toContain('--color-ink:#111');
  });

  it('declares the layers first, in the whole stylesheet’s order, so both apply in one order', () => {
    expect(layerOrder('@layer a{x{}}@layer b,c;@layer a{y{}}')).toEqual(['a', 'b', 'c']);
    expect(firstScreenCss(page(THREE_SECTIONS, css), css).startsWith('@layer theme,base,utilities;')).toBe(
      true,
    );
  });
});

describe('a page made to arrive in one round trip', () => {
  const css = '/*! tailwindcss v4 */.big{color:red}.below{color:blue}';
  const module = 'document.body.dataset.booted="yes"';

  // What the first screen's sections hold shows once its end is parsed (no paint waits for it).
  const WHOLE = `main:not(:has(#${FIRST_SCREEN_END}))>*>*{visibility:hidden}`;
  const HIDE_LATER = `@media (scripting:enabled){.${FIRST_SCREEN_ONLY} [${LATER}]{visibility:hidden;overflow:clip;content-visibility:auto;contain-intrinsic-size:auto 800px;animation:first-screen-shown 0s ${SHOW_ANYWAY_MS}ms forwards}}@keyframes first-screen-shown{to{visibility:visible}}`;

  it('keeps its first screen’s rules inline and names the whole stylesheet and its script for later', async () => {
    const { html, files } = await splitPage(page(THREE_SECTIONS, css, module));
    const [stylesheet, script, loader] = [...files.keys()];
    expect(stylesheet).toMatch(/^\/_astro\/site\.[0-9a-f]{8}\.css$/);
    expect(script).toMatch(/^\/_astro\/boot\.[0-9a-f]{8}\.js$/);
    expect(loader).toMatch(/^\/_astro\/first-screen\.[0-9a-f]{8}\.js$/);
    expect(files.get(stylesheet!)).toBe(css);
    expect(files.get(script!)).toBe(module);
    expect(files.get(loader!)).toBe(await loaderCode());
    expect(html).toContain(`<style>.big{color:red}${WHOLE}${HIDE_LATER}</style>`);
    expect(html).toContain(`<section ${LATER} class="third">`);
    expect(html).not.toContain('.below{color:blue}');
    // The rest is hidden from the first paint (the class is in the markup), where scripts run.
    expect(html).toContain(`<html class="${FIRST_SCREEN_ONLY}">`);
    // Without JavaScript the whole stylesheet still comes.
    expect(html).toContain(`<noscript><link rel="stylesheet" href="${stylesheet}"></noscript>`);
    expect(html).not.toContain(module);
    // The loader is named in the head, async (it never holds up the paint), naming the files.
    expect(html).toContain(
      `</noscript><script async src="${loader}" data-stylesheet="${stylesheet}" data-script="${script}"></script></head>`,
    );
  });

  it('joins the page’s other inline styles to the first screen’s, for one hash in its policy', async () => {
    const faces = '@font-face{font-family:Face;src:url(/f.woff2)}';
    const withFaces = page(THREE_SECTIONS, css, module)
      .replace('<head>', `<head><style>${faces}</style>`)
      .replace("style-src 'self'", `style-src 'self' ${hash(faces)}`);
    const { html } = await splitPage(withFaces);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, text]) => text!);
    expect(styles).toEqual([`${faces}.big{color:red}${WHOLE}${HIDE_LATER}`]);
    const policy = metaPolicy(trimPagePolicy(html))!;
    expect(policy).toContain(hash(styles[0]!));
    for (const gone of [faces, css, module]) expect(policy).not.toContain(hash(gone));
    // No inline script is left for the policy to allow.
    expect(/script-src ([^;]*)/.exec(policy)![1]!.trim()).toBe("'self'");
  });

  it('names the same loader file on every page', async () => {
    const one = (await splitPage(page(THREE_SECTIONS, css, module))).html;
    const other = (await splitPage(page('<section class="big"></section>', css, 'let other = 1'))).html;
    const loaderOf = (html: string) => /<script async src="([^"]+)"/.exec(html)![1];
    expect(loaderOf(one)).toBe(loaderOf(other));
  });

  it('takes out what wakes its islands, into one file of its own the loader names after its script', async () => {
    // As Astro writes them: the directive, then the element, inline before the first island.
    const directive = '(()=>{(self.Astro||(self.Astro={})).live=()=>{};})();';
    const element =
      '(()=>{customElements.get("astro-island")||customElements.define("astro-island",class{});})();';
    const props = { slides: [0, [[0, { title: [0, 'A & "B" <C>'] }]]] };
    const escaped = JSON.stringify(props)
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;')
      .replace(/</g, '&lt;');
    const islands =
      `<script>${directive}</script><script>${element}</script>` +
      `<astro-island uid="Z1" component-url="/_astro/Carousel.js" props="${escaped}" ssr client="live"><button>Next</button></astro-island>`;
    const withIslands = page(`<section class="hero">${islands}</section>`, css, module).replace(
      "script-src 'self'",
      `script-src 'self' ${hash(directive)} ${hash(element)}`,
    );
    const { html, files } = await splitPage(withIslands);
    const [, boot, wake] = [...files.keys()];
    expect(boot).toMatch(/^\/_astro\/boot\.[0-9a-f]{8}\.js$/);
    expect(wake).toMatch(/^\/_astro\/islands\.[0-9a-f]{8}\.js$/);
    expect(html).toContain(`data-script="${boot} ${wake}"`);
    // The island stays drawn, without its props or the inline code.
    expect(html).toContain(
      '<astro-island uid="Z1" component-url="/_astro/Carousel.js" ssr client="live"><button>Next</button>',
    );
    for (const gone of [directive, element, 'props=']) expect(html).not.toContain(gone);
    // The file gives the island its props back, as they were, then runs Astro's code as it was.
    const ran: string[] = [];
    const set = new Map<string, string>();
    new Function('document', 'customElements', 'self', files.get(wake!)!)(
      {
        querySelector: (selector: string) => ({
          setAttribute: (name: string, value: string) => set.set(`${selector} ${name}`, value),
        }),
      },
      { get: () => undefined, define: (name: string) => ran.push(`define ${name}`) },
      new Proxy({}, { set: (_target, name) => (ran.push(`self.${String(name)}`), true) }),
    );
    expect(JSON.parse(set.get('astro-island[uid="Z1"] props')!)).toEqual(props);
    expect(ran).toEqual(['self.Astro', 'define astro-island']);
    expect(islandsOf(page(THREE_SECTIONS, css, module))).toEqual({ html: page(THREE_SECTIONS, css, module) });
  });

  it('leaves alone a page without the site’s stylesheet or without main content (the redirect)', async () => {
    const redirect = `<html><head><style>${css}</style></head><body><script type="module">${module}</script></body></html>`;
    expect(await splitPage(redirect)).toEqual({ html: redirect, files: new Map() });
    const plain = page(THREE_SECTIONS, '.x{}');
    expect((await splitPage(plain)).html).toBe(plain);
  });
});

describe('a face that comes late', () => {
  it('keeps its text in the fallback the page declares for it, once the loader names it', () => {
    const head =
      '<style>:root{--font-inter:Inter-1,"Inter-1 fallback: Arial",system-ui,sans-serif;}</style>' +
      '<style>:root{--font-mono:ui-monospace,monospace;}</style>';
    expect(lateFontRules(head)).toBe(
      'html[data-late-fonts~="Inter-1"]{--font-inter:"Inter-1 fallback: Arial",system-ui,sans-serif}',
    );
  });
});
