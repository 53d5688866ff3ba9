import { chromium } from '@playwright/test';
const [rate, runs, fix, path] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4] === 'fix', process.argv[5] ?? '/community'];
const browser = await chromium.launch({ executablePath: process.env.CP ?? '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
let shifted = 0; const values = [];
for (let run = 0; run < runs; run++) {
  const context = await browser.newContext({ viewport: { width: 800, height: 1024 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.route((url) => url.host !== '127.0.0.1:4399', (r) => r.abort('internetdisconnected'));
  if (fix) await page.route((url) => url.pathname === path, async (route) => {
    const response = await route.fetch();
    let body = await response.text();
    body = body.replace('<section aria-labelledby="hero-title"', '<section id="first-screen-end" aria-labelledby="hero-title"');
    body = body.replace('</head>', '<link rel="expect" href="#first-screen-end" blocking="render"></head>');
    const headers = { ...response.headers() }; delete headers['content-security-policy']; delete headers['content-encoding']; delete headers['content-length'];
    await route.fulfill({ response, body, headers });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.addInitScript(() => {
    window.timeline = [];
    const tick = () => { const c = document.querySelector('[data-section="hero"] > div'); window.timeline.push(`${Math.round(performance.now())}ms n=${document.querySelectorAll('*').length} h=${c ? Math.round(c.getBoundingClientRect().height) : '-'} y=${c ? Math.round(c.getBoundingClientRect().y) : '-'} sheets=${document.styleSheets.length} fonts=${document.fonts.status}/${[...document.fonts].filter(f=>f.status==='loaded').length} carousel=${!!document.getElementById('feature-carousel')}`); if (window.timeline.length < 6) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    window.cls = 0; window.shifts = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) { window.cls += e.value; window.shifts.push({v: e.value.toFixed(3), t: Math.round(e.startTime), y: scrollY, n: document.querySelectorAll('*').length, ready: document.readyState, src: (e.sources||[]).map(s => { const d = s.node?.nodeType === 1 ? s.node : s.node?.parentElement; return `${d?.tagName}.${String(d?.className).slice(0,30)} ${s.previousRect.y}/${s.previousRect.height}->${s.currentRect.y}/${s.currentRect.height}`; }) }); } }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`http://127.0.0.1:4399${path}`, { waitUntil: 'load' });
  await page.evaluate(async () => {
    for (let top = 0; top < document.documentElement.scrollHeight; top += innerHeight) {
      window.scrollTo({ top, behavior: 'instant' });
      await new Promise(requestAnimationFrame); await new Promise(requestAnimationFrame);
    }
  });
  const cls = await page.evaluate(() => window.cls);
  values.push(cls.toFixed(3)); if (cls >= 0.01) console.log(JSON.stringify(await page.evaluate(() => window.shifts)), '\n' + (await page.evaluate(() => window.timeline)).slice(0, 12).join('\n')); if (cls >= 0.01) shifted++;
  await context.close();
}
console.log(fix ? 'with rel=expect' : 'as built', path, `rate ${rate}:`, `${shifted}/${runs} shifted`, values.join(' '));
await browser.close();
