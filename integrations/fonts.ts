import { fontProviders } from 'astro/config';

/** One self-hosted variable face, `font-display: optional`. */
function localFace(name: string, fallbacks: string[], file: string, weight: string) {
  const variant = { src: [file] as [string], weight, style: 'normal' as const, display: 'optional' as const };
  return {
    provider: fontProviders.local(),
    name,
    cssVariable: `--font-${name.toLowerCase()}`,
    fallbacks,
    options: { variants: [variant] as [typeof variant] },
  };
}

/**
 * The two self-hosted faces. Both are preloaded and `optional`: a first view that would wait for
 * them keeps the metric-matched fallbacks instead of moving text when they arrive; later views draw
 * them from the cache. (Each is cut down at build to the characters the pages draw in it:
 * integrations/subset-fonts.ts.)
 */
export const fonts = [
  localFace(
    'Inter',
    ['system-ui', 'sans-serif'],
    '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    '400 600',
  ),
  // The wght-only file: Fraunces' other axes (opsz, SOFT, WONK) are already pinned in it.
  localFace(
    'Fraunces',
    ['Georgia', 'serif'],
    '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    '600',
  ),
];
