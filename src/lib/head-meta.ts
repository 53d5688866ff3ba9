/** Adds the viewport and black theme-color meta tags if a page lacks them (SPEC §2). */
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
