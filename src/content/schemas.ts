/**
 * The shape of every data file under src/content/: what each field holds, its label and help text
 * in the browser editor, and the rule the build checks. One declaration serves both (fields.ts).
 *
 * Copy may quote a figure by a token in braces, e.g. "Get the kit for {kit.price}": the token
 * names a field of offer.yaml (or a figure computed from it, or the site's names) and is replaced
 * at build, formatted as money, a percentage or a plain number.
 */
import {
  checkbox,
  hiddenSwitch,
  count,
  href,
  image,
  list,
  money,
  number,
  object,
  optionalObject,
  optionalCount,
  optionalText,
  percent,
  section,
  select,
  slug,
  text,
  videoId,
  type Field,
  type Infer,
} from './fields.ts';
import { testableFields } from './experiment-fields.ts';

// ── Shared pieces ───────────────────────────────────────────────────────────
const eyebrow = text({ label: 'Eyebrow', description: 'The small label above the section title' });
const title = text({ label: 'Title' });
const intro = text({ label: 'Introduction', multiline: true });
const card = object(
  { label: 'Card' },
  { title: text({ label: 'Title' }), description: text({ label: 'Text', multiline: true }) },
);
const cards = (label: string, length?: number) =>
  list(card, { label, itemLabel: 'title', ...(length !== undefined && { length }) });
const paragraphs = (label: string, min = 1) =>
  list(text({ label: 'Paragraph', multiline: true }), { label, min });
const accordionItem = object(
  { label: 'Item' },
  {
    id: text({ label: 'Anchor id', description: 'Short, unique, lower case: used in the page address' }),
    title: text({ label: 'Title' }),
    body: paragraphs('Paragraphs'),
  },
);
const link = object({ label: 'Link' }, { label: text({ label: 'Label' }), href: href({ label: 'Address' }) });
const cta = section(
  { label: 'Final call to action' },
  {
    title: text({ label: 'Title' }),
    description: text({ label: 'Text', multiline: true }),
    cta: text({ label: 'Button' }),
    note: text({ label: 'Small print' }),
  },
);
const sampleFlag = checkbox({
  label: 'Sample',
  description: 'Ticked until this is real: a production build warns while any sample remains',
});

// ── offer.yaml: every price and business figure ─────────────────────────────
export const offerSchema = object(
  { label: 'Prices and figures' },
  {
    kit: object(
      { label: 'The Oh Sh*t Kit' },
      {
        price: money({ label: 'Price (one-time, USD)' }),
        lifelineYearly: money({ label: 'Lifeline subscription, per year' }),
        communityValue: money({ label: 'Value of lifetime community access' }),
        platformTrialDays: count({ label: 'Platform access included (days)' }),
        platformTrialValue: money({ label: 'Value of the included platform access' }),
        platformMonthlyAfterTrial: money({ label: 'Platform price per month after the included days' }),
        guaranteeDays: count({ label: 'Guarantee (days)' }),
        shipsWithinHours: count({ label: 'Ships within (hours)' }),
        analysisMinutes: count({ label: 'Analysis takes under (minutes)' }),
        analysisMinutesLong: count({ label: 'Whole analysis within (minutes)' }),
      },
    ),
    shipping: object(
      {
        label: 'Shipping and returns (for search engines)',
        description:
          'Shown to search engines with the kit. Leave a field empty to leave that term out; untick Sample once these are your real terms.',
      },
      {
        country: optionalText({ label: 'Ships to (two-letter country code, e.g. US)' }),
        rate: optionalCount({ label: 'Shipping rate in USD (0 for free shipping)' }),
        handlingDaysMax: optionalCount({ label: 'Handling time, at most (days)' }),
        transitDaysMin: optionalCount({ label: 'Transit time, at least (days)' }),
        transitDaysMax: optionalCount({ label: 'Transit time, at most (days)' }),
        returnMethod: select({ label: 'Returns', options: ['not stated', 'by mail', 'in store'] }),
        returnFees: select({ label: 'Return fees', options: ['not stated', 'free', 'paid by the customer'] }),
        sample: sampleFlag,
      },
    ),
    riskCosts: list(
      object(
        { label: 'Cost' },
        { label: text({ label: 'What it is' }), amount: money({ label: 'Amount (USD, shown with a +)' }) },
      ),
      { label: 'What a crisis costs (ROI section)', itemLabel: 'label', min: 1 },
    ),
    plans: object(
      { label: 'Community memberships' },
      {
        free: object(
          { label: 'Free membership' },
          {
            pricePerMonth: money({ label: 'Price per month' }),
            badge: text({ label: 'Badge' }),
            tagline: text({ label: 'Tagline' }),
          },
        ),
        paid: object(
          { label: 'Paid membership' },
          {
            pricePerMonth: money({ label: 'Price per month' }),
            billingMonths: count({ label: 'Billed every (months)', min: 1 }),
            tagline: text({ label: 'Tagline' }),
            commitment: text({ label: 'Commitment' }),
          },
        ),
      },
    ),
    serviceCosts: list(
      object(
        { label: 'Service' },
        {
          service: text({ label: 'Service' }),
          monthlyPrice: money({ label: 'Monthly price' }),
          includedInMembership: checkbox({ label: 'Included in membership' }),
        },
      ),
      { label: 'What the tools cost bought separately', itemLabel: 'service', min: 1 },
    ),
    capital: object(
      { label: 'Capital' },
      {
        maxAmount: money({ label: 'Up to (USD)' }),
        maxAmountLabel: text({ label: 'Up to, as written in copy (e.g. $30K)' }),
        interestRatePercent: percent({ label: 'Interest rate' }),
        revenueMultiple: count({ label: 'Or up to this many times monthly revenue' }),
      },
    ),
    program: object(
      { label: 'Program' },
      {
        exitStudioDays: count({ label: 'Exit Studio Program (days)' }),
        boardSizeMin: count({ label: 'Advisory board, fewest founders' }),
        boardSizeMax: count({ label: 'Advisory board, most founders' }),
        boardCadence: text({ label: 'Advisory boards meet' }),
      },
    ),
    audience: object(
      { label: 'Audience' },
      {
        minAnnualRevenue: money({ label: 'Minimum yearly revenue (USD)' }),
        minAnnualRevenueLabel: text({ label: 'Minimum yearly revenue, as written in copy (e.g. $100k)' }),
        memberRevenueLabel: text({ label: 'Average member revenue, as written in copy' }),
        newsletterReaders: text({ label: 'Newsletter readers, as written in copy' }),
      },
    ),
    assessment: object(
      { label: 'Risk assessment' },
      {
        driversPerEngine: count({ label: 'Drivers per engine' }),
        scoreMin: count({ label: 'Lowest score' }),
        scoreMax: count({ label: 'Highest score' }),
        profitEngine: text({ label: 'First engine' }),
        valueEngine: text({ label: 'Second engine' }),
        sprintDays: count({ label: 'Sprint (days)' }),
        profitSprintDays: count({ label: 'Profit sprint (days)' }),
        revaluation: text({ label: 'Valuation re-run' }),
        cashMapDays: count({ label: 'Cash map (days)' }),
      },
    ),
    cashflowTargets: object(
      { label: 'Cash-flow targets' },
      {
        netProfitMinPercent: percent({ label: 'Net profit, at least' }),
        deliveryCostsMaxPercent: percent({ label: 'Delivery costs, at most' }),
        salesMarketingMaxPercent: percent({ label: 'Sales and marketing, at most' }),
        overheadMaxPercent: percent({ label: 'Overhead, at most' }),
        ownerAbsentDays: count({ label: 'Owner-absent operations (days)' }),
        cashReserveMonths: count({ label: 'Cash on hand, fewer months means exposed' }),
        monthlyReviewByDay: count({ label: 'Monthly review by day of month', min: 1, max: 31 }),
        monthlyReviewMinutes: count({ label: 'Monthly review (minutes)' }),
        priceRisePercent: percent({ label: 'A price rise of' }),
        profitIncreasePercent: number({ label: 'gives a profit increase of (%)', format: 'percent' }),
        valuationPerDollarMin: money({ label: 'Each $1 of profit adds at least' }),
        valuationPerDollarMax: count({ label: 'and at most (USD)' }),
      },
    ),
  },
);

// ── kit.yaml: the boxed-product page (/) ────────────────────────────────────
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

// ── community.yaml: the community page (/community) ─────────────────────────
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

// ── faq.yaml ────────────────────────────────────────────────────────────────
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

// ── testimonials.yaml ───────────────────────────────────────────────────────
const testimonial = object(
  { label: 'Testimonial' },
  {
    quote: text({ label: 'Quote', multiline: true }),
    author: text({ label: 'Name' }),
    position: text({ label: 'Role and business' }),
    avatar: image({ label: 'Photo (if it fails to load, the first initial shows)' }),
    stars: count({ label: 'Stars', min: 1, max: 5 }),
    sample: sampleFlag,
  },
);
const testimonialGroup = (label: string) =>
  section(
    { label },
    {
      eyebrow,
      title,
      items: list(testimonial, { label: 'Testimonials', itemLabel: 'author', min: 1 }),
    },
  );
export const testimonialsSchema = object(
  { label: 'Testimonials' },
  { kit: testimonialGroup('On the kit page'), community: testimonialGroup('On the community page') },
);

// ── footer.yaml ─────────────────────────────────────────────────────────────
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

// ── meta.yaml: each page's head ─────────────────────────────────────────────
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

// ── videos.yaml ─────────────────────────────────────────────────────────────
const video = (label: string) =>
  object(
    { label },
    {
      provider: select({ label: 'Host', options: ['youtube', 'vimeo'] }),
      id: videoId({
        label: 'Video id',
        description:
          'Paste the video’s address (youtube.com/watch?v=…, youtu.be/…, vimeo.com/…): only its id is kept, e.g. M7lc1UVf-VE',
      }),
      title: text({ label: 'Title (read out by the play button)' }),
    },
  );
export const videosSchema = object(
  { label: 'Videos (kit page)' },
  { kitIntro: video('Kit intro'), platform: video('Platform tour'), movement: video('Movement') },
);

// ── experiments.yaml: split tests ──────────────────────────────────────────
const testable = {
  '/': testableFields(kitSchema.editor),
  '/community': testableFields(communitySchema.editor),
} as const;
const pageNames = { '/': 'the kit page', '/community': 'the community page' } as const;
/** Every testable field of either page, once, labelled with the page when only one has it. */
const variantWordFields = Object.fromEntries(
  [...testable['/'], ...testable['/community']]
    .filter((field, index, all) => all.findIndex((other) => other.key === field.key) === index)
    .map(({ key, label }) => {
      const pages = (['/', '/community'] as const).filter((page) =>
        testable[page].some((f) => f.key === key),
      );
      const only = pages.length === 1 ? ` (${pageNames[pages[0]!]})` : '';
      return [key, optionalText({ label: `${label}${only}`, multiline: /lede|intro|description/.test(key) })];
    }),
);
const experimentVariant = object(
  { label: 'Variant' },
  {
    id: slug({ label: 'Name (in reports, e.g. plain-question)' }),
    weight: count({ label: 'Share of visitors (relative: 50 and 50 is an even split)', min: 1 }),
    fields: optionalObject(
      {
        label: 'Words of this variant',
        description:
          'Only what differs from the page; leave the rest empty. The first variant is the page as written: leave all of its words empty.',
      },
      variantWordFields,
    ),
  },
);
const experiment = object(
  { label: 'Split test' },
  {
    id: slug({ label: 'Name (in reports, e.g. kit-headline)' }),
    page: select({ label: 'Page', options: ['/', '/community'] }),
    running: checkbox({ label: 'Running: visitors are split between the variants now (untick to end it)' }),
    variants: list(experimentVariant, {
      label: 'Variants (the first is the page as written)',
      itemLabel: 'id',
      min: 2,
      max: 4,
    }),
  },
);
const experimentList = list(experiment, { label: 'Split tests', itemLabel: 'id' });
export const experimentsSchema = object(
  { label: 'Split tests' },
  {
    experiments: {
      zod: experimentList.zod.superRefine((experiments, context) => {
        const problem = (path: (string | number)[], message: string) =>
          context.addIssue({ code: 'custom', path, message });
        const runningOn = new Map<string, string>();
        experiments.forEach((test, index) => {
          if (experiments.findIndex((other) => other.id === test.id) !== index)
            problem([index, 'id'], `another split test is already named ${test.id}`);
          if (test.running) {
            const other = runningOn.get(test.page);
            if (other)
              problem([index, 'running'], `${other} is already running on ${test.page}: end it first`);
            else runningOn.set(test.page, test.id);
          }
          const allowed = new Set(testable[test.page].map((field) => field.key));
          test.variants.forEach((variant, at) => {
            if (test.variants.findIndex((other) => other.id === variant.id) !== at)
              problem([index, 'variants', at, 'id'], `another variant is already named ${variant.id}`);
            const words = Object.entries(variant.fields ?? {}).filter(([, text]) => text !== undefined);
            if (at === 0 && words.length > 0)
              problem(
                [index, 'variants', 0, 'fields'],
                'the first variant is the page as written: leave its words empty',
              );
            if (at > 0 && words.length === 0)
              problem(
                [index, 'variants', at, 'fields'],
                'a variant needs at least one word that differs from the page',
              );
            for (const [key] of words)
              if (!allowed.has(key))
                problem([index, 'variants', at, 'fields', key], `${pageNames[test.page]} has no such field`);
          });
        });
      }),
      editor: experimentList.editor,
    },
  },
);

/** Every data file under src/content/, by name: `kit` is src/content/kit.yaml. */
export const contentFiles = {
  offer: offerSchema,
  kit: kitSchema,
  community: communitySchema,
  faq: faqSchema,
  testimonials: testimonialsSchema,
  footer: footerSchema,
  meta: metaSchema,
  videos: videosSchema,
  experiments: experimentsSchema,
} as const satisfies Record<string, Field>;

export type ContentName = keyof typeof contentFiles;
export type ContentData<N extends ContentName> = Infer<(typeof contentFiles)[N]>;

/** Where a data file lives, from the project root. */
export const contentPath = (name: ContentName) => `src/content/${name}.yaml`;
export type Offer = Infer<typeof offerSchema>;
export type KitPage = Infer<typeof kitSchema>;
export type CommunityPage = Infer<typeof communitySchema>;
export type Faq = Infer<typeof faqSchema>;
export type Testimonials = Infer<typeof testimonialsSchema>;
export type Testimonial = Testimonials['kit']['items'][number];
export type Footer = Infer<typeof footerSchema>;
export type Link = Footer['social'][number];
export type PagesMeta = Infer<typeof metaSchema>;
export type PageMetaContent = PagesMeta['notFound'];
/** A title and a line of text: every card list on both pages. */
export type Card = Infer<typeof card>;
/** The closing call to action of either page. */
export type FinalCtaContent = Infer<typeof cta>;
export type Experiments = Infer<typeof experimentsSchema>;
export type Experiment = Experiments['experiments'][number];
