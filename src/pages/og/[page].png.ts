import type { APIRoute, GetStaticPaths } from 'astro';
import { site } from '../../config/site.ts';
import { loadContent } from '../../content/index.ts';
import { PAGE_PATHS, PAGES, type PageName } from '../../content/pages.ts';
import { ogPng } from '../../lib/og-image.ts';

/** A 1200x630 social card per landing page, drawn at build from the owner's words in meta.yaml. */
export const getStaticPaths: GetStaticPaths = () =>
  PAGE_PATHS.map((path) => PAGES[path].name).map((page) => ({ params: { page }, props: { page } }));

export const GET: APIRoute = async ({ props }) => {
  const { meta } = await loadContent();
  const page = props['page'] as PageName;
  const card = {
    eyebrow: page === 'kit' ? site.product : site.brand,
    title: meta[page].ogTitle,
    footer: meta[page].ogFooter,
  };
  return new Response(new Uint8Array(await ogPng(card)), { headers: { 'Content-Type': 'image/png' } });
};
