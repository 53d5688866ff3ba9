/**
 * One small interface over three engines, so the same checks run in each:
 * - Chromium (CDP) and Firefox ESR (WebDriver BiDi) through puppeteer-core;
 * - WebKitGTK through its WebDriver (`WebKitWebDriver`, MiniBrowser under Xvfb) with selenium-webdriver.
 *
 * Every tab records what the page itself reports: console errors and warnings, uncaught errors,
 * and content-security-policy violations. Puppeteer hears the console and installs the violation
 * listener before any page script runs. WebKitGTK's WebDriver has no log channel (no BiDi in
 * Debian's build, and MiniBrowser's console-to-stderr is off in automation sessions), so there the
 * same recorder is injected after each load and catches what happens while the checks operate the
 * page; messages logged during the load itself are checked by `console.test.ts`, which reads
 * MiniBrowser's console outside automation.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { Builder, By, Key, type WebDriver } from 'selenium-webdriver';
import { CHROME_ARGS } from '../../scripts/find-chrome.ts';
import { stopThenRemove } from '../support/stop-process.ts';
import { findTools } from '../../scripts/find-engines.ts';

export type EngineName = 'chromium' | 'firefox' | 'webkit';

export interface Tab {
  engine: EngineName;
  goto(url: string): Promise<void>;
  /** Runs a function in the page (it may return a promise) and returns its JSON result. */
  run<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** A real click (input events, not element.click()) on the first element matching the selector. */
  click(selector: string): Promise<void>;
  /** A key press sent to the focused element (Shift alone: an input that changes nothing). */
  press(key: 'ArrowRight' | 'ArrowLeft' | 'Shift'): Promise<void>;
  /** Sets the layout viewport (what `innerWidth` and `innerHeight` report). */
  viewport(width: number, height: number): Promise<void>;
  screenshot(path: string): Promise<void>;
  /** Console errors and warnings, uncaught errors and CSP violations since the last call. */
  takeProblems(): Promise<string[]>;
  close(): Promise<void>;
}

/** Installed in every document: keeps CSP violations (and, in WebKit, the console) for takeProblems. */
function recorder(withConsole: boolean) {
  const w = window as unknown as { __engineProblems?: string[] };
  if (w.__engineProblems) return;
  const seen: string[] = [];
  w.__engineProblems = seen;
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
  });
  if (!withConsole) return;
  for (const level of ['error', 'warn'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      seen.push(`console.${level}: ${args.map(String).join(' ')}`);
      original(...args);
    };
  }
  window.addEventListener('error', (event) => seen.push(`uncaught: ${event.message}`));
  window.addEventListener('unhandledrejection', (event) => seen.push(`unhandled rejection: ${event.reason}`));
}

const drain = (): string[] => {
  const w = window as unknown as { __engineProblems?: string[] };
  return w.__engineProblems ? w.__engineProblems.splice(0) : [];
};

async function puppeteerTab(engine: 'chromium' | 'firefox', browser: Browser): Promise<Tab> {
  const page: Page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if (type === 'error' || type === 'warn')
      problems.push(`console.${type}: ${message.text()} (${message.location().url ?? 'no source'})`);
  });
  page.on('pageerror', (error) =>
    problems.push(`page error: ${error instanceof Error ? error.message : error}`),
  );
  await page.evaluateOnNewDocument(recorder, false);
  return {
    engine,
    async goto(url) {
      problems.push(...(await page.evaluate(drain).catch(() => [])));
      await page.goto(url, { waitUntil: 'load' });
    },
    run: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])) as never,
    async click(selector) {
      await page.click(selector);
    },
    async press(key) {
      await page.keyboard.press(key);
    },
    async viewport(width, height) {
      await page.setViewport({ width, height });
    },
    async screenshot(path) {
      mkdirSync(dirname(path), { recursive: true });
      await page.screenshot({ path: path as `${string}.png` });
    },
    async takeProblems() {
      const list = [...problems.splice(0), ...(await page.evaluate(drain))];
      return list;
    },
    close: () => browser.close(),
  };
}

export async function launchFirefox(): Promise<Tab> {
  const { firefox } = findTools();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefox!,
    headless: true,
    acceptInsecureCerts: true,
  });
  return puppeteerTab('firefox', browser);
}

export async function launchChromium(): Promise<Tab> {
  const { chromium } = findTools();
  const browser = await puppeteer.launch({
    executablePath: chromium!,
    headless: true,
    args: CHROME_ARGS,
    acceptInsecureCerts: true,
  });
  return puppeteerTab('chromium', browser);
}

/**
 * GTK's own widgets (MiniBrowser's toolbar) would keep the window at least 447 px wide: a private
 * GTK stylesheet shrinks them so the page can be laid out at 375 px. The folder is made in
 * `scratch`, the engine run's own folder: what WebKit's helper processes still write after the
 * browser has closed goes with it.
 */
export function gtkConfigHome(scratch: string): string {
  const home = mkdtempSync(join(scratch, 'webkit-'));
  mkdirSync(join(home, 'gtk-3.0'));
  writeFileSync(
    join(home, 'gtk-3.0', 'gtk.css'),
    'window * { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n',
  );
  return home;
}

/**
 * The environment MiniBrowser runs in: the X display, private GTK and data folders, and no
 * accelerated compositing. Xvfb has no GPU, and WebKitGTK's composited mode on its software GL
 * draws about one frame a second there (requestAnimationFrame, transitions and observers crawl);
 * without it, 50-60 frames a second, as on a visitor's device.
 */
export function webkitEnv(display: string, home: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DISPLAY: display,
    XDG_CONFIG_HOME: home,
    XDG_DATA_HOME: home,
    XDG_CACHE_HOME: home,
    WEBKIT_DISABLE_COMPOSITING_MODE: '1',
  };
}

/** Runs MiniBrowser (the page's WebKitGTK) for one WebDriver session on the given port. */
export async function launchWebKit(display: string, port: number, scratch: string): Promise<Tab> {
  const { webkitDriver, miniBrowser } = findTools();
  const home = gtkConfigHome(scratch);
  const driverProcess: ChildProcess = spawn(webkitDriver!, [`--port=${port}`], {
    env: { ...webkitEnv(display, home) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let driverLog = '';
  driverProcess.stderr!.on('data', (chunk: Buffer) => (driverLog += chunk.toString()));
  const stopDriver = () => stopThenRemove(driverProcess, home);
  let driver: WebDriver | undefined;
  for (let attempt = 0; attempt < 50 && !driver; attempt++) {
    try {
      await fetch(`http://127.0.0.1:${port}/status`);
      driver = await new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({
          browserName: 'MiniBrowser',
          acceptInsecureCerts: true,
          'webkitgtk:browserOptions': { binary: miniBrowser!, args: ['--automation'] },
        })
        .build();
    } catch (error) {
      if (driverProcess.exitCode !== null || attempt === 49) {
        await stopDriver();
        throw new Error(`WebKitWebDriver did not start a session\n${driverLog}`, { cause: error });
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const session = driver!;
  await session.manage().setTimeouts({ script: 30_000, pageLoad: 30_000 });
  const problems: string[] = [];
  const inject = () => session.executeScript(`(${recorder.toString()})(true)`);
  const run: Tab['run'] = async (fn, ...args) => {
    const result = (await session.executeAsyncScript(
      `const done = arguments[arguments.length - 1];
       const args = Array.prototype.slice.call(arguments, 0, -1);
       Promise.resolve().then(() => (${fn.toString()}).apply(null, args))
         .then((value) => done({ value }), (error) => done({ error: String((error && error.stack) || error) }));`,
      ...args,
    )) as { value?: unknown; error?: string };
    if (result.error) throw new Error(`in WebKit: ${result.error}`);
    return result.value as never;
  };
  return {
    engine: 'webkit',
    async goto(url) {
      problems.push(
        ...((await session.executeScript(`return (${drain.toString()})()`).catch(() => [])) as string[]),
      );
      await session.get(url);
      await inject();
    },
    run,
    async click(selector) {
      // WebKit's WebDriver scrolls a target into view with the page's own smooth scrolling, then
      // finds it not yet in view: bring it there at once first, as a visitor's eye already has.
      await run((sel: string) => {
        document.querySelector(sel)?.scrollIntoView({ block: 'center', behavior: 'instant' });
      }, selector);
      await session.findElement(By.css(selector)).click();
    },
    async press(key) {
      const keys = { ArrowRight: Key.ARROW_RIGHT, ArrowLeft: Key.ARROW_LEFT, Shift: Key.SHIFT };
      await session.actions().sendKeys(keys[key]).perform();
    },
    async viewport(width, height) {
      // The window includes MiniBrowser's (shrunk) toolbar: grow it until the page gets the size.
      let windowHeight = height;
      let actual: number[] = [];
      for (let attempt = 0; attempt < 10; attempt++) {
        await session.manage().window().setRect({ width, height: windowHeight });
        actual = await run(async () => {
          await new Promise(requestAnimationFrame);
          return [innerWidth, innerHeight];
        });
        if (actual[0] === width && actual[1] === height) return;
        windowHeight += height - actual[1]!;
      }
      throw new Error(`WebKit's viewport is ${actual.join('x')}, not ${width}x${height}`);
    },
    async screenshot(path) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, Buffer.from(await session.takeScreenshot(), 'base64'));
    },
    async takeProblems() {
      const list = [
        ...problems.splice(0),
        ...((await session.executeScript(`return (${drain.toString()})()`)) as string[]),
      ];
      return list;
    },
    async close() {
      await session.quit().catch(() => {});
      await stopDriver();
    },
  };
}
