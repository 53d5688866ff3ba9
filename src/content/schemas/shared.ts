/** Pieces more than one data file's schema is made of: section headings, cards, links, a closing call to action. */
import { checkbox, href, list, object, section, text } from '../fields.ts';

export const eyebrow = text({ label: 'Eyebrow', description: 'The small label above the section title' });
export const title = text({ label: 'Title' });
export const intro = text({ label: 'Introduction', multiline: true });
export const card = object(
  { label: 'Card' },
  { title: text({ label: 'Title' }), description: text({ label: 'Text', multiline: true }) },
);
export const cards = (label: string, length?: number) =>
  list(card, { label, itemLabel: 'title', ...(length !== undefined && { length }) });
export const paragraphs = (label: string, min = 1) =>
  list(text({ label: 'Paragraph', multiline: true }), { label, min });
export const accordionItem = object(
  { label: 'Item' },
  {
    id: text({ label: 'Anchor id', description: 'Short, unique, lower case: used in the page address' }),
    title: text({ label: 'Title' }),
    body: paragraphs('Paragraphs'),
  },
);
export const link = object(
  { label: 'Link' },
  { label: text({ label: 'Label' }), href: href({ label: 'Address' }) },
);
export const cta = section(
  { label: 'Final call to action' },
  {
    title: text({ label: 'Title' }),
    description: text({ label: 'Text', multiline: true }),
    cta: text({ label: 'Button' }),
    note: text({ label: 'Small print' }),
  },
);
export const sampleFlag = checkbox({
  label: 'Sample',
  description: 'Ticked until this is real: a production build warns while any sample remains',
});
