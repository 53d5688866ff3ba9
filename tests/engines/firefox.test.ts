/** Firefox ESR (Debian's package) through puppeteer-core over WebDriver BiDi. */
import { launchFirefox } from './browsers.ts';
import { smokeSuite } from './smoke.ts';

smokeSuite('firefox', () => launchFirefox());
