/** The schema of src/content/faq.yaml: the questions owners ask (on /community). */
import { hiddenSwitch, list, object, text } from '../fields.ts';
import { eyebrow, title } from './shared.ts';

export const faqSchema = object(
  { label: 'FAQ (community page)' },
  {
    hidden: hiddenSwitch,
    eyebrow,
    title,
    items: list(
      object(
        { label: 'Question' },
        { question: text({ label: 'Question' }), answer: text({ label: 'Answer', multiline: true }) },
      ),
      { label: 'Questions', itemLabel: 'question', min: 1 },
    ),
  },
);
