/**
 * Adds the viewport meta tag and the black theme-color (the browser chrome is black) if a page
 * lacks them: every page must have both.
 */
const REQUIRED = [
  { name: 'viewport', content: 'width=device-width, initial-scale=1' },
  { name: 'theme-color', content: '#000000' },
] as const;

export function ensureHeadMeta(doc: Document): number {
  let added = 0;
  for (const { name, content } of REQUIRED) {
    if (doc.head.querySelector(`meta[name="${name}"]`)) continue;
    const meta = doc.createElement('meta');
    meta.name = name;
    meta.content = content;
    doc.head.append(meta);
    added += 1;
  }
  return added;
}
