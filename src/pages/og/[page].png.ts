import type { APIRoute, GetStaticPaths } from 'astro';
import { kit } from '../../config/offer.ts';
import { site } from '../../config/site.ts';
import { ogPng, type OgCard } from '../../lib/og-image.ts';

const cards: Record<string, OgCard> = {
  kit: {
    eyebrow: site.product,
    title: `Your exit plan, in a box. Know your risks in ${kit.analysisMinutes} minutes.`,
    footer: `$${kit.price} one-time · ships within ${kit.shipsWithinHours} hours · ${site.brand}`,
  },
  community: {
    eyebrow: `${site.brand} · invite-only`,
    title: 'Real profit, an exit plan and capital. Without investors.',
    footer: 'For owners of $100k+ bootstrapped businesses',
  },
};

export const getStaticPaths: GetStaticPaths = () => Object.keys(cards).map((page) => ({ params: { page } }));

export const GET: APIRoute = async ({ params }) => {
  const card = cards[params['page'] ?? ''];
  if (!card) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(await ogPng(card)), { headers: { 'Content-Type': 'image/png' } });
};
