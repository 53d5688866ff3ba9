/**
 * `npm run test:owner-edits`: proof that the tests follow the owner's content rather than pin it.
 * A copy of the project gets the edits below, as an owner would make them in the editor: every
 * figure in offer.yaml changed, a testimonial and a title rewritten, four questions added to the
 * FAQ, a section of each page hidden, a campaign page made, a picture replaced by a camera's
 * photo, and each page's hero made shorter (a one-line headline, a one-sentence lede). A second copy
 * gets the same edits but each hero made longer (a headline of several lines, a lede of three
 * sentences). Both copies are built (the second after the unit tests, from the images the first
 * build encoded). On the first run every unit test the content reaches; then one Playwright run
 * (tests/owner-edits/playwright.config.ts) over both: on the shorter heroes every end-to-end test
 * file that reads the owner's content (at phone width, where every section and widget shows), the
 * first-screen test at every width and the byte budgets; on the longer heroes what the length of
 * the words changes: the heroes, the first screen and the budgets.
 *
 * Green means those tests follow the owner's words; that no other browser test file types them is
 * checked by tests/unit/tests-follow-content.test.ts. A red run names the failing test above its
 * last line. The working tree is never touched. Another page with a hero the owner writes (a
 * campaign page, as the sample below) is one more entry in HEROES; a new kind of edit, one more in
 * EDITS.
 *
 * OWNER_EDITS_PORT (default E2E_PORT + 100) and the port after it are the copies' server ports, so
 * they never meet the main suite's server. Playwright reuses a server it finds on its port (outside CI), so a port already
 * taken stops the run rather than testing whatever answers there.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { parse, stringify } from 'yaml';
import type { EditorField } from '../../src/content/fields.ts';
import { contentFiles } from '../../src/content/schemas.ts';
import { copyProject, IMAGE_CACHE } from '../../harness/project-copy.ts';
import { SAMPLE_CAMPAIGN } from '../support/campaign-build.ts';
import { unitContentRoots } from '../support/content-reach.ts';

type Yaml = Record<string, unknown>;

const changes: string[] = [];

/**
 * Every figure changed as an owner might: money doubled and three dollars more (so $0 too),
 * percentages five points up, counts one up, and every digit of a figure written as text one up.
 */
function changeFigures(value: unknown, field: EditorField, path: string): unknown {
  if (field.kind === 'number' && typeof value === 'number') {
    const changed =
      field.format === 'money'
        ? value * 2 + 3
        : field.format === 'percent'
          ? Math.min(value + 5, 100)
          : value + 1;
    changes.push(`${path}: ${value} -> ${changed}`);
    return changed;
  }
  if (field.kind === 'text' && typeof value === 'string' && /\d/.test(value)) {
    const changed = value.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));
    changes.push(`${path}: ${value} -> ${changed}`);
    return changed;
  }
  if (field.kind === 'list' && Array.isArray(value)) {
    return value.map((item, index) => changeFigures(item, field.item, `${path}.${index}`));
  }
  if (field.kind === 'object' && value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => {
        const childField = field.fields[key];
        return [key, childField ? changeFigures(child, childField, path ? `${path}.${key}` : key) : child];
      }),
    );
  }
  return value;
}

/** Changes a data file under src/content/ (made, as the editor makes a campaign page's, when new). */
function edit(root: string, file: string, change: (data: Yaml) => Yaml): void {
  const path = join(root, 'src/content', file);
  const data = existsSync(path) ? (parse(readFileSync(path, 'utf8')) as Yaml) : {};
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, stringify(change(data), { lineWidth: 0 }));
}

function set(data: Yaml, path: string, value: string): Yaml {
  const keys = path.split('.');
  let node = data as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  changes.push(`${path}: ${String(node[keys.at(-1)!])} -> ${value}`);
  node[keys.at(-1)!] = value;
  return data;
}

/** Ticks a section's "Hide this section" switch, as the editor writes it. */
function hide(data: Yaml, section: string): Yaml {
  (data[section] as Yaml)['hidden'] = true;
  changes.push(`${section}: hidden`);
  return data;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): void {
  console.log(`owner-edits: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    throw new Error(
      `owner-edits: \`${command} ${args.join(' ')}\` failed in the edited copy (${cwd}): the failing tests are named above. ` +
        'A test that fails here but passes on the project pins a value the owner may change: make it read src/content/.',
    );
  }
}

/** An edit an owner makes in the editor: the data file under src/content/, and the change. */
interface OwnerEdit {
  file: string;
  change: (data: Yaml) => Yaml;
}

const TESTIMONIAL = {
  quote: 'Our board spotted a cash gap two months out. We closed it before it opened.',
  author: 'Priya Raman',
};

/** Questions an owner might add: words below the first screen, which the byte budgets leave to the owner. */
const NEW_QUESTIONS = [
  {
    question: 'Do I need to be in the United States to join?',
    answer:
      'No. Members run businesses in more than twenty countries. Advisory boards are matched by stage and by time zone, and every session is held online, so where you live only decides which board meets at an hour that suits you.',
  },
  {
    question: 'How much time does the Exit Studio Program take each week?',
    answer:
      'Plan on two to three hours a week for the first month: one working session, one short check-in with your guide, and the homework that comes out of them. Owners who block the time on their calendar in week one finish on schedule.',
  },
  {
    question: 'Can my business partner or my operations lead join the sessions?',
    answer:
      'Yes. Bring whoever runs the business with you to the working sessions and the board meetings. The membership is per business, not per person, and most owners find the plan sticks better when the people who carry it out helped write it.',
  },
  {
    question: 'What happens to my data if I leave?',
    answer:
      'You can export your Profit Score history, your exit plan and every document you uploaded at any time. If you cancel, we keep your account for ninety days in case you come back, then delete it; nothing you shared with your board is kept.',
  },
];

/**
 * An owner's camera photo as the editor saves it (editor/app/picture-check.ts scales it to 4000 px
 * wide, a JPEG of a few megabytes), in place of the first virtual-office picture, whose file stays
 * in the uploads folder as a replacement leaves it: the budgets then hold the pages and the build
 * to the sizes the pipeline makes, with no original of either picture served.
 */
const OWNERS_PHOTO = 'src/assets/uploads/owners-photo-4000.jpg';
async function writeOwnersPhoto(root: string): Promise<void> {
  // Grain drawn small and scaled up: a photo's weight, not a flat colour's.
  const grain = { type: 'gaussian', mean: 128, sigma: 60 } as const;
  await sharp({ create: { width: 400, height: 267, channels: 3, background: '#806040', noise: grain } })
    .resize(4000, 2667)
    .jpeg({ quality: 85 })
    .toFile(join(root, OWNERS_PHOTO));
  changes.push(`${OWNERS_PHOTO}: a 4000 × 2667 photo uploaded`);
}

/** Every edit but the heroes'. */
const EDITS: OwnerEdit[] = [
  { file: 'offer.yaml', change: (offer) => changeFigures(offer, contentFiles.offer.editor, '') as Yaml },
  // The sections whose widgets most tests touch are hidden, as an owner may in the editor.
  {
    file: 'kit.yaml',
    change: (kit) =>
      hide(set(kit, 'finalCta.title', 'Find your three biggest risks this week.'), 'riskDashboard'),
  },
  {
    file: 'community.yaml',
    change: (community) =>
      set(hide(community, 'targetAudience'), 'virtualOffice.images.0.src', `/${OWNERS_PHOTO}`),
  },
  {
    file: 'faq.yaml',
    change: (faq) => {
      (faq['items'] as Yaml[]).push(...NEW_QUESTIONS);
      changes.push(`faq.items: ${NEW_QUESTIONS.length} questions added`);
      return faq;
    },
  },
  // A campaign page, as "Campaign pages" in the editor makes one: the budgets hold it to its base page's.
  {
    file: `campaigns/${SAMPLE_CAMPAIGN.name}.yaml`,
    change: () => {
      changes.push(`campaigns/${SAMPLE_CAMPAIGN.name}.yaml: made`);
      return structuredClone(SAMPLE_CAMPAIGN.file) as unknown as Yaml;
    },
  },
  {
    file: 'testimonials.yaml',
    change: (testimonials) =>
      set(
        set(testimonials, 'community.items.0.quote', TESTIMONIAL.quote),
        'community.items.0.author',
        TESTIMONIAL.author,
      ),
  },
];

interface Hero {
  headline: string;
  lede: string;
}

/** A page's own hero, in its data file. */
function pageHero(data: Yaml, { headline, lede }: Hero): Yaml {
  return set(set(data, 'hero.headline', headline), 'hero.lede', lede);
}

/** A campaign page's hero: words it changes on its base page, by field (`hero.headline: …`). */
function campaignHero(data: Yaml, { headline, lede }: Hero): Yaml {
  const fields = (data['fields'] ??= {}) as Yaml;
  Object.assign(fields, { 'hero.headline': headline, 'hero.lede': lede });
  changes.push(`fields: hero.headline -> ${headline}; hero.lede -> ${lede}`);
  return data;
}

/**
 * Each page's hero (its data file, how its hero is written there, and the built page that shows
 * it), shorter and longer than shipped: the words decide how much of the page a first screen shows.
 */
const HEROES: { file: string; write: typeof pageHero; page: string; shorter: Hero; longer: Hero }[] = [
  {
    file: 'kit.yaml',
    write: pageHero,
    page: 'dist/index.html',
    shorter: { headline: 'Ready for a bad month?', lede: 'A boxed exit plan for owners.' },
    longer: {
      headline:
        'If your business had a bad month tomorrow, would you know which risks to fix first and who to call?',
      lede: 'A boxed exit plan for owners of {audience.minAnnualRevenueLabel}+ businesses. Find the risks in under {kit.analysisMinutes} minutes. Fix them in {assessment.sprintDays}-day sprints.',
    },
  },
  {
    file: 'community.yaml',
    write: pageHero,
    page: 'dist/community/index.html',
    shorter: {
      headline: 'Profit, an exit plan and capital, with no investors.',
      lede: 'A private community of bootstrapped owners.',
    },
    longer: {
      headline:
        'Build real profit, a plan to sell on your own terms and access to capital, among owners who bootstrapped like you did. Without investors.',
      lede: 'A private community of bootstrapped owners, average member revenue {audience.memberRevenueLabel}. No pitch decks, no fundraising drama and no hustle culture, only owners who run real companies. Capital up to {capital.maxAmountLabel} at {capital.interestRatePercent} once you hit your milestones.',
    },
  },
  {
    file: `campaigns/${SAMPLE_CAMPAIGN.name}.yaml`,
    write: campaignHero,
    page: `dist/${SAMPLE_CAMPAIGN.name}/index.html`,
    shorter: { headline: 'Heard us on the podcast?', lede: 'The kit the host talked about.' },
    longer: {
      headline:
        'You heard the episode about the owner whose best client left in a week: this is the kit she wished she had opened a month before.',
      lede: 'The same boxed exit plan the host walked through. Find the risks first, then fix them in short sprints. One worksheet at a time, with nobody to hire.',
    },
  },
];

const heroEdits = (length: 'shorter' | 'longer'): OwnerEdit[] =>
  HEROES.map(({ file, write, ...words }) => ({ file, change: (data) => write(data, words[length]) }));

/** Makes the edits in the copy, as the owner would, and logs them. */
function makeEdits(root: string, edits: OwnerEdit[]): void {
  for (const { file, change } of edits) edit(root, file, change);
  console.log(`owner-edits: ${changes.length} changes in ${root}:\n  ${changes.join('\n  ')}`);
  changes.length = 0;
}

/** Fails unless every edited hero, and the edited price, reached the copy's built pages. */
function checkBuilt(root: string, length: 'shorter' | 'longer'): void {
  const price = (parse(readFileSync(join(root, 'src/content/offer.yaml'), 'utf8')) as Yaml)['kit'] as Yaml;
  const shown = [
    ...HEROES.map((hero) => ({ page: hero.page, expected: hero[length].headline })),
    { page: 'dist/index.html', expected: `$${String(price['price'])}` },
  ];
  for (const { page, expected } of shown) {
    if (!readFileSync(join(root, page), 'utf8').includes(expected))
      throw new Error(`owner-edits: the edited copy's ${page} lacks "${expected}".`);
  }
}

const port = Number(process.env['OWNER_EDITS_PORT'] ?? Number(process.env['E2E_PORT'] ?? 4322) + 100);

/** Fails when something already listens on a copy's port: Playwright would test it instead of the copy. */
async function portIsFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer()
      .once('error', () =>
        reject(
          new Error(
            `owner-edits: port ${port} is taken; set OWNER_EDITS_PORT to a free one (the next is used too).`,
          ),
        ),
      )
      .listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

await portIsFree(port);
await portIsFree(port + 1);
// Two copies, one for each length of the heroes, so both builds are done before the one browser run.
const shorter = copyProject('owner-edits', { everything: true });
const longer = copyProject('owner-edits-longer', { everything: true });
try {
  await writeOwnersPhoto(shorter.root);
  copyFileSync(join(shorter.root, OWNERS_PHOTO), join(longer.root, OWNERS_PHOTO));
  makeEdits(shorter.root, [...EDITS, ...heroEdits('shorter')]);
  makeEdits(longer.root, [...EDITS, ...heroEdits('longer')]);
  run('npm', ['run', 'build'], shorter.root);
  checkBuilt(shorter.root, 'shorter');
  // The owner's photo is encoded once: the longer copy starts with the images the first build made.
  cpSync(join(shorter.root, IMAGE_CACHE), join(longer.root, IMAGE_CACHE), { recursive: true });
  run('npx', ['vitest', 'related', '--run', ...unitContentRoots(shorter.root)], shorter.root);
  // After the unit tests, not beside them: on two cores a build beside them only slows both, and
  // their guards (a server's answer, a test's 20 s) are for a machine the proof alone keeps busy.
  run('npm', ['run', 'build'], longer.root);
  checkBuilt(longer.root, 'longer');
  console.log('owner-edits: with shorter heroes, the unit tests the content reaches passed.');
  // One browser run over both copies (tests/owner-edits/playwright.config.ts says what runs where).
  run('npx', ['playwright', 'test', '--config=tests/owner-edits/playwright.config.ts'], shorter.root, {
    OWNER_EDITS_PORT: String(port),
    OWNER_EDITS_LONGER_ROOT: longer.root,
  });
  console.log(
    'owner-edits: with shorter heroes, the end-to-end readers, the first screens and the budgets passed; ' +
      'with longer heroes, the heroes, the first screens and the budgets.',
  );
} finally {
  shorter.remove();
  longer.remove();
}
