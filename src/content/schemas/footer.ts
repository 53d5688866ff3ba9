/** The schema of src/content/footer.yaml: the footer of every page. */
import { list, object, text } from '../fields.ts';
import { link } from './shared.ts';

export const footerSchema = object(
  { label: 'Footer' },
  {
    tagline: text({ label: 'Tagline' }),
    pages: object(
      { label: 'The site’s own pages (each page links to the other)' },
      { label: text({ label: 'Title' }), links: list(link, { label: 'Links', itemLabel: 'label', min: 1 }) },
    ),
    columns: list(
      object(
        { label: 'Column' },
        {
          title: text({ label: 'Title' }),
          links: list(link, { label: 'Links', itemLabel: 'label', min: 1 }),
        },
      ),
      { label: 'Link columns', itemLabel: 'title', min: 1 },
    ),
    social: list(link, { label: 'Social links', itemLabel: 'label' }),
    copyright: text({ label: 'Copyright line after “© year brand.”' }),
  },
);
