/** Page metadata: the head of each page (title, description, canonical, social cards). */
import { site } from '../config/site.ts';
import { defineContent, pageMetaSchema, z } from './schema.ts';

const FILE = 'src/content/meta.ts';

/** The not-found and redirect pages: point home, share the kit's card, stay out of search. */
const utilityPage = {
  canonicalPath: '/',
  ogImage: '/og/kit.png',
  ogImageAlt: `${site.product} by ${site.brand}`,
  ogType: 'website',
  twitterCard: 'summary_large_image',
  author: site.author,
  noindex: true,
} as const;

export const pageMeta = defineContent(
  FILE,
  z.record(z.enum(['kit', 'community', 'notFound', 'redirect']), pageMetaSchema),
  {
    kit: {
      title: `${site.product}: your exit plan in a box | ${site.brand}`,
      description:
        'A risk assessment, a personal exit plan, books and templates for owners of $100k+ businesses. $497 one-time, ships within 24 hours, 30-day guarantee.',
      keywords: [
        'exit planning',
        'business valuation',
        'bootstrapped founders',
        'owner exit plan',
        'risk assessment',
      ],
      canonicalPath: '/',
      ogImage: '/og/kit.png',
      ogImageAlt: `${site.product} by ${site.brand}`,
      ogType: 'product',
      twitterCard: 'summary_large_image',
      author: site.author,
    },
    community: {
      title: `${site.brand}: the community for bootstrapped owners`,
      description:
        'An invite-only community for owners of cash-flowing businesses earning $100k+: real profit, an exit plan, peer advisory boards and capital up to $30K at 0%.',
      keywords: [
        'bootstrapped founders',
        'peer advisory board',
        'founder community',
        'exit plan',
        'profitability',
      ],
      canonicalPath: '/community',
      ogImage: '/og/community.png',
      ogImageAlt: `${site.brand}, the community for bootstrapped owners`,
      ogType: 'website',
      twitterCard: 'summary_large_image',
      author: site.author,
    },
    notFound: {
      title: `Page not found | ${site.brand}`,
      description: 'The page you asked for does not exist. Head back to the home page.',
      keywords: [site.brand],
      ...utilityPage,
    },
    redirect: {
      title: `${site.product} | ${site.brand}`,
      description: `${site.product} now lives on our home page.`,
      keywords: [site.product],
      ...utilityPage,
    },
  },
);
