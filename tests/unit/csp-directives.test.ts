/**
 * Every directive of the site's policy is one that Chromium, Firefox and WebKit all implement: an
 * unknown directive is logged as a console error on every page in the engine that does not know it
 * (WebKit: "Unrecognized Content-Security-Policy directive 'manifest-src'").
 */
import { describe, expect, it } from 'vitest';
import { cspDirectives, HEADER_ONLY_DIRECTIVES, parsePolicy } from '../../deploy/csp.ts';

/** Directives in the CSP Level 3 parsers of Chromium, Gecko and WebKit alike. */
const KNOWN_TO_EVERY_ENGINE = new Set([
  'default-src',
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
  'img-src',
  'font-src',
  'connect-src',
  'media-src',
  'object-src',
  'frame-src',
  'child-src',
  'worker-src',
  'base-uri',
  'form-action',
  'frame-ancestors',
  'upgrade-insecure-requests',
  'sandbox',
  'report-uri',
]);

describe('content security policy directives', () => {
  const policy = [
    ...cspDirectives({ frameOrigins: ['https://player.vimeo.com'] }),
    ...HEADER_ONLY_DIRECTIVES,
  ].join('; ');

  it('names only directives every engine knows', () => {
    const unknown = [...parsePolicy(policy).keys()].filter((name) => !KNOWN_TO_EVERY_ENGINE.has(name));
    expect(unknown).toEqual([]);
  });

  it('still starts from default-src self, which covers the fetch kinds it does not name', () => {
    expect(parsePolicy(policy).get('default-src')).toEqual(["'self'"]);
  });
});
