/** WebKitGTK (Debian's webkit2gtk-driver: WebKitWebDriver and MiniBrowser) under Xvfb, with selenium-webdriver. */
import { inject } from 'vitest';
import { launchWebKit } from './browsers.ts';
import { smokeSuite } from './smoke.ts';

// One WebDriver port per session, after the two the servers use.
smokeSuite('webkit', (session) =>
  launchWebKit(inject('display')!, inject('enginesPort') + 2 + session, inject('scratch')),
);
