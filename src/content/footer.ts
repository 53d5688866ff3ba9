/** Footer links. `#` until the owner sets each page (SPEC §2): replace an href here. */
import { site } from '../config/site.ts';
import { defineContent, linkSchema, text, z } from './schema.ts';

export const footer = defineContent(
  'src/content/footer.ts',
  z.object({
    tagline: text,
    /** The site's own pages, under the tagline, so each page links to the other. */
    pages: z.object({ label: text, links: z.array(linkSchema).min(1) }),
    columns: z.array(z.object({ title: text, links: z.array(linkSchema).min(1) })).min(1),
    social: z.array(linkSchema),
  }),
  {
    tagline: 'Real profit, an exit plan and access to capital, for owners who built it without investors.',
    pages: {
      label: 'Our pages',
      links: [
        { label: site.product, href: '/' },
        { label: `The ${site.brand} community`, href: '/community' },
      ],
    },
    columns: [
      {
        title: 'Resources',
        links: [
          { label: 'EMS Framework', href: '#' },
          { label: 'Profitability Guide', href: '#' },
          { label: 'Capital Access', href: '#' },
          { label: 'Blog', href: '#' },
        ],
      },
      {
        title: 'Company',
        links: [
          { label: 'About Us', href: '#' },
          { label: 'Contact', href: '#' },
          { label: 'Terms of Service', href: '#' },
          { label: 'Privacy Policy', href: '#' },
        ],
      },
    ],
    social: [
      { label: 'Twitter', href: '#' },
      { label: 'LinkedIn', href: '#' },
      { label: 'Facebook', href: '#' },
    ],
  },
);
