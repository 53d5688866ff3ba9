import { describe, expect, it, vi } from 'vitest';
import { trackPageLoad } from '../../src/lib/analytics.ts';

describe('trackPageLoad', () => {
  it('pushes a page_view with the path and logs it', () => {
    const target: { dataLayer?: unknown[] } = {};
    const log = vi.fn();
    trackPageLoad(target, '/community', false, log);
    expect(target.dataLayer).toEqual([{ event: 'page_view', page_path: '/community' }]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('/community'));
  });

  it('on the not-found page also pushes page_not_found with the missing path', () => {
    const target: { dataLayer?: unknown[] } = { dataLayer: [{ existing: true }] };
    const log = vi.fn();
    trackPageLoad(target, '/no-such-page', true, log);
    expect(target.dataLayer).toEqual([
      { existing: true },
      { event: 'page_view', page_path: '/no-such-page' },
      { event: 'page_not_found', page_path: '/no-such-page' },
    ]);
    expect(log).toHaveBeenLastCalledWith(expect.stringMatching(/page_not_found.*\/no-such-page/));
  });

  it('replaces a dataLayer that is not an array', () => {
    const target = { dataLayer: 'oops' as unknown as unknown[] };
    trackPageLoad(target, '/', false, () => {});
    expect(target.dataLayer).toEqual([{ event: 'page_view', page_path: '/' }]);
  });
});
