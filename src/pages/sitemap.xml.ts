import type { APIRoute } from 'astro';
import { absoluteUrl } from '../config/site.ts';
import { indexedCampaignPaths } from '../content/campaigns.ts';
import { INDEXABLE_PATHS } from '../content/index.ts';

/**
 * Exactly the canonical, indexable pages: not the not-found page, not the redirect, and a campaign
 * page only when its owner turned indexing on.
 */
export const GET: APIRoute = async () => {
  const urls = [...INDEXABLE_PATHS, ...(await indexedCampaignPaths())].map(
    (path) => `  <url><loc>${absoluteUrl(path)}</loc></url>`,
  );
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    { headers: { 'Content-Type': 'application/xml; charset=utf-8' } },
  );
};
