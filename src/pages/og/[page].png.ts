import type { APIRoute, GetStaticPaths } from 'astro';
import { site } from '../../config/site.ts';
import { loadContent } from '../../content/index.ts';
import { PAGE_PATHS, PAGES, type PagePath } from '../../content/pages.ts';
import { ogPng } from '../../lib/og-image.ts';

/** A 1200x630 social card per landing page, drawn at build from the owner's words in meta.yaml. */
export const getStaticPaths: GetStaticPaths = () =>
  PAGE_PATHS.map((path) => ({ params: { page: PAGES[path].name }, props: { path } }));

export const GET: APIRoute = async ({ props }) => {
  const { meta } = await loadContent();
  const { name: page, ogType } = PAGES[props['path'] as PagePath];
  const card = {
    // A product page's card names the product; any other, the brand.
    eyebrow: ogType === 'product' ? site.product : site.brand,
    title: meta[page].ogTitle,
    footer: meta[page].ogFooter,
  };
  return new Response(new Uint8Array(await ogPng(card)), { headers: { 'Content-Type': 'image/png' } });
};
