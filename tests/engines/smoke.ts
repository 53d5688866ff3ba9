/**
 * The cross-engine smoke suite, defined once and run per engine (firefox.test.ts, webkit.test.ts):
 * over HTTPS (nginx with the host config, a throwaway certificate) and over plain HTTP on loopback
 * (the Node server as `npm start` runs it), for `/`, `/community` and a missing page at 375 and
 * 1280 px. Statuses and the redirect are HTTP, checked against the route manifest in tests/http/.
 */
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { engineMissing } from '../../scripts/find-engines.ts';
import type { EngineName, Tab } from './browsers.ts';
import {
  expectAllSectionsVisibleAfterFastScroll,
  expectBuyBarBehaviour,
  expectCarousel,
  expectNoProblems,
  expectNoSidewaysScroll,
  expectNotFoundPage,
  expectOneOpenDetailsGroups,
  expectStyledAndWorking,
  expectTabs,
  expectVideoFacade,
  expectWebVitals,
} from './checks.ts';

export const WIDTHS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];

export function smokeSuite(
  engine: Exclude<EngineName, 'chromium'>,
  launch: (protocol: number) => Promise<Tab>,
) {
  const skip =
    engineMissing(engine) ??
    (engine === 'webkit' && !inject('display') ? 'webkit skipped: no X display' : null);
  const origins = inject('origins');
  const protocols = [
    ['https', origins.https],
    ['http', origins.http],
  ] as const;

  protocols.forEach(([protocol, origin], index) => {
    describe.skipIf(skip !== null || origin === null)(`${engine} over ${protocol}`, () => {
      let tab: Tab;
      beforeAll(async () => {
        tab = await launch(index);
      }, 60_000);
      afterAll(async () => {
        await tab?.close();
      });

      for (const { width, height } of WIDTHS) {
        it(`/ at ${width} px: layout, fonts, reveal, buy bar, details, video facade, clean console`, async () => {
          await tab.viewport(width, height);
          await tab.goto(`${origin}/`);
          await expectNoSidewaysScroll(tab);
          await expectStyledAndWorking(tab);
          await expectAllSectionsVisibleAfterFastScroll(tab);
          const shots =
            engine === 'webkit' && width === 375
              ? {
                  load: `test-results/engines/webkit-${protocol}-375-at-load.png`,
                  past: `test-results/engines/webkit-${protocol}-375-past-hero.png`,
                }
              : undefined;
          await expectBuyBarBehaviour(tab, width, shots);
          await expectOneOpenDetailsGroups(tab);
          await expectVideoFacade(tab);
          await expectNoSidewaysScroll(tab);
          await expectWebVitals(tab);
          await expectNoProblems(tab);
        });

        it(`/community at ${width} px: layout, fonts, reveal, tabs, carousel, FAQ, clean console`, async () => {
          await tab.viewport(width, height);
          await tab.goto(`${origin}/community`);
          await expectNoSidewaysScroll(tab);
          await expectStyledAndWorking(tab);
          await expectAllSectionsVisibleAfterFastScroll(tab);
          await expectTabs(tab);
          await expectCarousel(tab, width);
          await expectOneOpenDetailsGroups(tab);
          await expectNoSidewaysScroll(tab);
          await expectNoProblems(tab);
        });

        it(`a missing page at ${width} px: the not-found page, styled, clean console`, async () => {
          await tab.viewport(width, height);
          await tab.goto(`${origin}/no-such-page`);
          await expectNoSidewaysScroll(tab);
          await expectStyledAndWorking(tab, 'page_not_found');
          await expectNotFoundPage(tab);
          await expectNoProblems(tab);
        });
      }
    });
  });
  if (skip) {
    console.warn(skip);
    it.skip(skip, () => {});
  }
}
