import type { Link } from '../../content/schemas.ts';
import { Logo } from './Logo.tsx';

export interface FooterProps {
  brand: string;
  tagline: string;
  /** The site's own pages; the one at `currentPath` is marked as the current page. */
  pages: { label: string; links: Link[] };
  currentPath: string;
  columns: { title: string; links: Link[] }[];
  social: Link[];
  /** The line after “© year brand.”, e.g. “All rights reserved.” */
  copyright: string;
  year: number;
}

export function Footer({
  brand,
  tagline,
  pages,
  currentPath,
  columns,
  social,
  copyright,
  year,
}: FooterProps) {
  return (
    <footer data-surface="dark">
      <div className="container-page grid gap-10 py-14 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="max-w-sm">
          <Logo brand={brand} />
          <p className="mt-4 text-muted-fg">{tagline}</p>
          <ul aria-label={pages.label} className="mt-4 space-y-1">
            {pages.links.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-current={link.href === currentPath ? 'page' : undefined}
                  className="inline-block py-1.5 font-semibold text-surface-fg underline decoration-accent-fg decoration-2 underline-offset-4 hover:text-accent-fg"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="eyebrow">{column.title}</h2>
            <ul className="mt-4 space-y-1">
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className="inline-block py-1.5 text-muted-fg hover:text-surface-fg">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <div className="container-page flex flex-col gap-4 py-6 text-sm text-muted-fg md:flex-row md:items-center md:justify-between">
          <p>{`© ${year} ${brand}. ${copyright}`}</p>
          <ul aria-label="Social media" className="flex gap-5">
            {social.map((link) => (
              <li key={link.label}>
                <a href={link.href} className="inline-block py-1.5 hover:text-surface-fg">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
