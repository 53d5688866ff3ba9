/** The schema of src/content/community.yaml: the community page (/community). */
import { count, image, list, object, optionalText, percent, section, select, text } from '../fields.ts';
import { eyebrow, title, intro, cards, cta } from './shared.ts';

const dashboardTab = object(
  { label: 'Dashboard' },
  {
    id: select({ label: 'Dashboard', options: ['strategy', 'financial', 'community'] }),
    label: text({ label: 'Tab label' }),
    title: text({ label: 'Title' }),
    description: text({ label: 'Text', multiline: true }),
    overlay: optionalText({ label: 'Highlight (optional)' }),
    icon: select({ label: 'Icon', options: ['compass', 'chart', 'people'] }),
  },
);
const plan = object(
  { label: 'Plan' },
  {
    type: select({ label: 'Type', options: ['free', 'paid'] }),
    title: text({ label: 'Title' }),
    description: text({ label: 'Text', multiline: true }),
    price: text({ label: 'Price' }),
    period: text({ label: 'Period' }),
    badge: optionalText({ label: 'Badge (optional)' }),
    features: list(text({ label: 'Feature' }), { label: 'Features', min: 1 }),
    ctaText: text({ label: 'Button' }),
    tagline: text({ label: 'Tagline' }),
    additionalText: optionalText({ label: 'Small print (optional)', multiline: true }),
  },
);

export const communitySchema = object(
  { label: 'The community page' },
  {
    hero: object(
      { label: 'Hero' },
      {
        eyebrow,
        headline: text({ label: 'Headline' }),
        lede: text({ label: 'Lede', multiline: true }),
        primaryCta: text({ label: 'Sign-up button' }),
        secondaryCta: text({ label: 'Learn more button' }),
        benefitsTitle: text({ label: 'Benefits panel title' }),
        benefits: cards('Benefits', 4),
      },
    ),
    featureSlides: list(
      object(
        { label: 'Slide' },
        { label: text({ label: 'Label' }), title: text({ label: 'Title' }), description: intro },
      ),
      { label: 'Feature carousel (phones and tablets)', itemLabel: 'label', min: 1 },
    ),
    targetAudience: section(
      { label: 'Who it is for' },
      {
        eyebrow,
        title,
        intro,
        forTitle: text({ label: '“For” title' }),
        forItems: list(text({ label: 'Item' }), { label: 'For', min: 1 }),
        notForTitle: text({ label: '“Not for” title' }),
        notForItems: list(text({ label: 'Item' }), { label: 'Not for', min: 1 }),
        capital: object(
          { label: 'Capital portfolio' },
          { eyebrow, title, description: intro, points: cards('Points') },
        ),
      },
    ),
    dashboardTabs: list(dashboardTab, { label: 'Dashboard preview tabs', itemLabel: 'label', length: 3 }),
    dashboardSample: object(
      { label: 'Dashboard preview sample figures (illustration only)' },
      {
        note: text({ label: 'Note under each dashboard' }),
        profitScoreLabel: text({ label: 'Profit Score label' }),
        profitScore: count({ label: 'Profit Score', max: 100 }),
        profitScoreMax: count({ label: 'Profit Score out of', min: 1 }),
        goals: list(
          object(
            { label: 'Goal' },
            { label: text({ label: 'Goal' }), progress: percent({ label: 'Progress' }) },
          ),
          { label: 'Goals', itemLabel: 'label', min: 1 },
        ),
        monthlyRevenueLabel: text({ label: 'Monthly revenue label' }),
        monthlyRevenue: text({ label: 'Monthly revenue' }),
        monthlyRevenueTrend: text({ label: 'Monthly revenue trend' }),
        availableCreditLabel: text({ label: 'Available credit label' }),
        availableCredit: text({ label: 'Available credit' }),
        availableCreditNote: text({ label: 'Available credit note' }),
        marginLabel: text({ label: 'Margin bar label' }),
        marginProgress: percent({ label: 'Margin bar progress' }),
        nextMeetingLabel: text({ label: 'Next meeting label' }),
        nextMeeting: text({ label: 'Next meeting' }),
        foundersOnline: text({ label: 'Founders online' }),
        boardOnline: text({ label: 'Your board online' }),
      },
    ),
    newsletter: section(
      { label: 'Newsletter' },
      {
        title: text({ label: 'Title' }),
        description: intro,
        linkLabel: text({ label: 'Subscribe link (when no form is embedded)' }),
        frameTitle: text({ label: 'Form frame title (for screen readers)' }),
        regionNames: object(
          { label: 'Section names (for screen readers: the page has two newsletter sections)' },
          {
            'newsletter-top': text({ label: 'The upper one' }),
            'newsletter-bottom': text({ label: 'The lower one' }),
          },
        ),
      },
    ),
    virtualOffice: section(
      { label: 'Virtual office' },
      {
        eyebrow,
        title,
        intro,
        features: cards('Features'),
        images: list(
          object(
            { label: 'Image' },
            {
              src: image({ label: 'Image (shown 400 and 800 px wide; upload one at least 800 px wide)' }),
              alt: text({ label: 'Description (for screen readers)' }),
            },
          ),
          { label: 'Images, in grid order', itemLabel: 'alt', length: 4 },
        ),
      },
    ),
    benefits: section({ label: 'Benefits' }, { eyebrow, title, intro, items: cards('Benefits') }),
    features: section(
      { label: 'Features' },
      {
        eyebrow,
        title,
        intro,
        moveLabel: text({ label: 'Word before each move\'s number ("Move" shows "Move 1", "Move 2"…)' }),
        ems: cards('The four moves'),
        more: cards('More features'),
      },
    ),
    howItWorks: section(
      { label: 'How it works' },
      {
        eyebrow,
        title,
        steps: list(
          object(
            { label: 'Step' },
            {
              number: count({ label: 'Number', min: 1 }),
              title: text({ label: 'Title' }),
              description: intro,
            },
          ),
          { label: 'Steps', itemLabel: 'title', min: 1 },
        ),
      },
    ),
    joinNow: section(
      { label: 'Join now (pricing)' },
      {
        eyebrow,
        title,
        intro,
        tabs: object(
          { label: 'Tabs' },
          { plans: text({ label: 'Plans tab' }), compare: text({ label: 'Comparison tab' }) },
        ),
        plans: list(plan, { label: 'Plans', itemLabel: 'title', length: 2 }),
        compare: object(
          { label: 'Comparison' },
          {
            title,
            intro,
            serviceHeader: text({ label: 'Service column' }),
            priceHeader: text({ label: 'Price column' }),
            includedHeader: text({ label: 'Included column' }),
            includedYes: text({ label: 'Included (for screen readers)' }),
            includedNo: text({ label: 'Not included (for screen readers)' }),
            totalLabel: text({ label: 'Total row' }),
            membershipLabel: text({ label: 'Membership row' }),
            monthlySavingLabel: text({ label: 'Monthly saving row' }),
            yearlySavingLabel: text({ label: 'Yearly saving row' }),
          },
        ),
      },
    ),
    finalCta: cta,
  },
);
