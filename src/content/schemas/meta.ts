/** The schema of src/content/meta.yaml: each page's head. */
import { list, object, text } from '../fields.ts';

const pageMetaFields = {
  // Limits count figure tokens as written ({kit.price}), so they sit above what search results show.
  title: text({
    label: 'Title (search results, browser tab)',
    description: 'Search results show about 60 characters',
    max: 90,
  }),
  description: text({
    label: 'Description (search results)',
    description: 'Search results show about 160 characters',
    multiline: true,
    max: 230,
  }),
  keywords: list(text({ label: 'Keyword' }), { label: 'Keywords', min: 1 }),
  ogImageAlt: text({ label: 'Social card description' }),
};
/** A landing page also has its own social card (a 1200x630 image drawn at build). */
const landingPageMeta = (label: string) =>
  object(
    { label },
    {
      ...pageMetaFields,
      ogTitle: text({ label: 'Social card headline' }),
      ogFooter: text({ label: 'Social card footer line' }),
    },
  );
export const metaSchema = object(
  { label: 'Page titles and descriptions' },
  {
    kit: landingPageMeta('The kit page (/)'),
    community: landingPageMeta('The community page'),
    notFound: object({ label: 'The not-found page' }, pageMetaFields),
    redirect: object({ label: 'The old kit address (/oh-shit-kit)' }, pageMetaFields),
  },
);
