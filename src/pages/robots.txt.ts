import type { APIRoute } from 'astro';
import { absoluteUrl } from '../config/site.ts';

/** Crawlers may read everything; the sitemap lists the canonical pages. */
export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl('/sitemap.xml')}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
