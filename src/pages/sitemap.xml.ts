import type { APIRoute } from 'astro';
import { absoluteUrl } from '../config/site.ts';
import { pageMeta } from '../content/meta.ts';

/** Exactly the canonical, indexable pages: not the not-found page, not the redirect. */
export const GET: APIRoute = () => {
  const urls = Object.values(pageMeta)
    .filter((meta) => !meta.noindex)
    .map((meta) => `  <url><loc>${absoluteUrl(meta.canonicalPath)}</loc></url>`);
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    { headers: { 'Content-Type': 'application/xml; charset=utf-8' } },
  );
};
