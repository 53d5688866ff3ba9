/**
 * The web fonts are cut down at build to the characters the pages show (integrations/subset-fonts.ts).
 * Here the browser itself says which font drew each piece of text: none of our text may fall back
 * to a system font because a character was cut from the subset. The faces are `font-display:
 * optional` (a first view that would wait for them keeps the metric-matched fallbacks instead of
 * moving text when they arrive), so the check reads the second view, as a returning visitor or
 * the next page gets it: the fonts are then in the cache and drawn from the first frame.
 */
import { expect, test } from './fixtures.ts';

for (const path of ['/', '/community', '/no-such-page']) {
  test(`${path}: every character is drawn with the site's own fonts`, async ({ page }) => {
    await page.goto(path);
    await page.evaluate(() => Promise.all([...document.fonts].map((face) => face.load().catch(() => null))));
    await page.reload();
    // Show what only shows later or elsewhere: hidden tab panels, the carousel above lg, the buy bar.
    await page.evaluate(async () => {
      for (const el of document.querySelectorAll('[hidden]')) el.removeAttribute('hidden');
      for (const el of document.querySelectorAll<HTMLElement>('.hidden, [class*="lg:hidden"], .sr-only')) {
        el.classList.remove('hidden', 'lg:hidden', 'sr-only');
      }
      // The web fonts, not the metric-matched fallbacks (local faces that may not exist here).
      await Promise.all(
        [...document.fonts].filter((face) => !face.family.includes('fallback')).map((face) => face.load()),
      );
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: 'body *' });
    const fallbacks: string[] = [];
    let drawnWithOurs = 0;
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      if (fonts.length === 0 || !fonts.some((font) => font.isCustomFont)) continue;
      drawnWithOurs += 1;
      const system = fonts.filter((font) => !font.isCustomFont);
      if (system.length > 0) {
        const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId });
        fallbacks.push(`${system.map((f) => f.familyName).join(', ')}: ${outerHTML.slice(0, 160)}`);
      }
    }
    expect(drawnWithOurs, 'elements drawn with the web fonts').toBeGreaterThan(3);
    expect(fallbacks, 'text partly drawn with a system font').toEqual([]);
  });
}
