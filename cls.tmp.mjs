import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const path of ['/', '/community']) for (const width of [375, 800, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.route(/\.woff2$/, async (route) => { await new Promise((r) => setTimeout(r, 800)); await route.continue(); });
  await page.addInitScript(() => { window.__shifts = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shifts.push([Math.round(e.startTime), +e.value.toFixed(4), e.sources.map((s) => (s.node?.id || s.node?.nodeName || '?') + ':' + (s.node?.className?.slice?.(0, 30) ?? '')).join(' | ')]); }).observe({ type: 'layout-shift', buffered: true }); });
  await page.goto('http://127.0.0.1:4622' + path);
  await page.waitForTimeout(2000);
  const s = await page.evaluate(() => window.__shifts);
  console.log(path, width, 'CLS', s.reduce((a, e) => a + e[1], 0).toFixed(4), JSON.stringify(s).slice(0, 400));
  await page.close();
}
await browser.close();
