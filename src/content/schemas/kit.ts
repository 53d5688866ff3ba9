/** The schema of src/content/kit.yaml: the boxed-product page (/). */
import { href, list, object, section, text } from '../fields.ts';
import { eyebrow, title, intro, cards, paragraphs, accordionItem, cta } from './shared.ts';

export const kitSchema = object(
  { label: 'The kit page' },
  {
    hero: object(
      { label: 'Hero' },
      {
        eyebrow,
        headline: text({ label: 'Headline' }),
        lede: text({ label: 'Lede', multiline: true }),
        cta: text({ label: 'Button' }),
        priceNote: text({ label: 'Price note' }),
        bonusTitle: text({ label: 'Bonus callout title' }),
        bonusText: text({ label: 'Bonus callout text', multiline: true }),
        illustrationAlt: text({ label: 'Box illustration description (for screen readers)' }),
      },
    ),
    intro: section({ label: 'Kit intro' }, { eyebrow, title, paragraphs: paragraphs('Paragraphs', 2) }),
    buyBar: section(
      { label: 'Mobile buy bar' },
      { label: text({ label: 'Button' }), price: text({ label: 'Price' }) },
    ),
    box: section(
      { label: 'In the box' },
      {
        eyebrow,
        title,
        intro,
        items: cards('What is in the box'),
        illustrationAlt: text({ label: 'Illustration description (for screen readers)' }),
      },
    ),
    platformVideo: section(
      { label: 'Platform video' },
      { eyebrow, title, description: intro, note: text({ label: 'Renewal note' }) },
    ),
    cashFlowMachine: section(
      { label: 'Cash flow machine' },
      { eyebrow, title, intro, steps: list(accordionItem, { label: 'Steps', itemLabel: 'title', min: 1 }) },
    ),
    riskDashboard: section(
      { label: 'Risk dashboard' },
      {
        eyebrow,
        title,
        intro,
        items: list(accordionItem, { label: 'Items', itemLabel: 'title', min: 1 }),
        scoresTitle: text({ label: 'Title of the overall-score card' }),
        scores: list(
          object(
            { label: 'Score' },
            { label: text({ label: 'Score' }), meaning: text({ label: 'Meaning' }) },
          ),
          { label: 'Overall scores', itemLabel: 'label', length: 3 },
        ),
      },
    ),
    communityPitch: section(
      { label: 'Community' },
      {
        eyebrow,
        title,
        description: intro,
        points: list(text({ label: 'Point' }), { label: 'Points', min: 1 }),
        button: text({ label: 'Button (a plain button, it leads nowhere)' }),
        link: object(
          { label: 'Text link beside the button' },
          { label: text({ label: 'Label' }), href: href({ label: 'Address' }) },
        ),
      },
    ),
    whatsInside: section({ label: 'What’s inside' }, { eyebrow, title, cards: cards('Cards') }),
    whyThisWorks: section({ label: 'Why this works' }, { eyebrow, title, cards: cards('Cards') }),
    bundles: section(
      { label: 'Bundles' },
      {
        eyebrow,
        title,
        items: list(
          object({ label: 'Item' }, { title: text({ label: 'Item' }), value: text({ label: 'Value' }) }),
          { label: 'Items', itemLabel: 'title', min: 1 },
        ),
        total: text({ label: 'Total line' }),
      },
    ),
    movement: section({ label: 'Movement' }, { eyebrow, title, intro, cards: cards('Cards') }),
    roi: section(
      { label: 'Return on investment' },
      {
        eyebrow,
        title,
        intro,
        againstLabel: text({ label: 'Label beside the kit’s price' }),
        oneTime: text({ label: 'Word after the price (e.g. one-time)' }),
        cardPoints: list(text({ label: 'Point' }), { label: 'Price card points', min: 1 }),
        cta: text({ label: 'Button' }),
        renewal: text({ label: 'Renewal note', multiline: true }),
      },
    ),
    finalCta: cta,
  },
);
