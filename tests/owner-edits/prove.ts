/**
 * `npm run test:owner-edits`: proof that the tests follow the owner's content rather than pin it.
 * A copy of the project gets every figure in offer.yaml changed, three headlines and a testimonial
 * rewritten, four questions added to the FAQ, a section of each page hidden and a campaign page
 * made, as an owner would in the editor; the copy is built, and every end-to-end test file that
 * reads the owner's content runs against it at phone width (where every section and widget
 * shows), with the byte budgets (which hold the campaign page to its base page's).
 * Green means those tests follow the owner's words; that no other test file types them is checked
 * by tests/unit/tests-follow-content.test.ts. The working tree is never touched.
 *
 * E2E_PORT + 100 is the copy's server port, so it never meets the main suite's server.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import type { EditorField } from '../../src/content/fields.ts';
import { contentFiles } from '../../src/content/schemas.ts';
import { copyProject } from '../../scripts/lib/project-copy.ts';
import { SAMPLE_CAMPAIGN, writeCampaign } from '../support/campaign-build.ts';

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

function edit(root: string, file: string, change: (data: Yaml) => Yaml): void {
  const path = join(root, 'src/content', file);
  writeFileSync(path, stringify(change(parse(readFileSync(path, 'utf8')) as Yaml), { lineWidth: 0 }));
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
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    throw new Error(`owner-edits: \`${command} ${args.join(' ')}\` failed in the edited copy (${cwd}).`);
  }
}

const HEADLINES = {
  kit: 'Could your business survive a bad month?',
  community: 'Profit, a plan to sell and capital, among owners like you.',
  kitFinal: 'Find your three biggest risks this week.',
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

const TESTIMONIAL = {
  quote: 'Our board spotted a cash gap two months out. We closed it before it opened.',
  author: 'Priya Raman',
};

/** The end-to-end test files that take expected words and figures from the owner's content. */
function contentReaders(root: string): string[] {
  const folder = join(root, 'tests/e2e');
  const readers = readdirSync(folder)
    .filter((name) => name.endsWith('.spec.ts'))
    .filter((name) => readFileSync(join(folder, name), 'utf8').includes('/support/site-content.ts'))
    .map((name) => `tests/e2e/${name}`);
  if (readers.length === 0) throw new Error('owner-edits: no end-to-end test reads the content.');
  return readers;
}

const copy = copyProject('owner-edits', { everything: true });
try {
  edit(copy.root, 'offer.yaml', (offer) => changeFigures(offer, contentFiles.offer.editor, '') as Yaml);
  // The sections whose widgets most tests touch are hidden, as an owner may in the editor.
  edit(copy.root, 'kit.yaml', (kit) =>
    hide(
      set(set(kit, 'hero.headline', HEADLINES.kit), 'finalCta.title', HEADLINES.kitFinal),
      'riskDashboard',
    ),
  );
  edit(copy.root, 'community.yaml', (community) =>
    hide(set(community, 'hero.headline', HEADLINES.community), 'targetAudience'),
  );
  edit(copy.root, 'faq.yaml', (faq) => {
    (faq['items'] as Yaml[]).push(...NEW_QUESTIONS);
    changes.push(`faq.items: ${NEW_QUESTIONS.length} questions added`);
    return faq;
  });
  edit(copy.root, 'testimonials.yaml', (testimonials) =>
    set(
      set(testimonials, 'community.items.0.quote', TESTIMONIAL.quote),
      'community.items.0.author',
      TESTIMONIAL.author,
    ),
  );
  // A campaign page, as the editor's "Campaign pages" writes one: the budgets hold it to its base page's.
  writeCampaign(copy.root, SAMPLE_CAMPAIGN.name, SAMPLE_CAMPAIGN.file);
  changes.push(`campaigns/${SAMPLE_CAMPAIGN.name}.yaml: added`);
  console.log(`owner-edits: ${changes.length} changes in ${copy.root}:\n  ${changes.join('\n  ')}`);

  run('npm', ['run', 'build'], copy.root);
  // The edits reached the pages: the suite below checks the copy's words, not the original's.
  const kitPage = readFileSync(join(copy.root, 'dist/index.html'), 'utf8');
  const price = (parse(readFileSync(join(copy.root, 'src/content/offer.yaml'), 'utf8')) as Yaml)[
    'kit'
  ] as Yaml;
  for (const expected of [HEADLINES.kit, `$${String(price['price'])}`]) {
    if (!kitPage.includes(expected)) throw new Error(`owner-edits: the edited copy's / lacks "${expected}".`);
  }
  const campaignPage = readFileSync(join(copy.root, 'dist', SAMPLE_CAMPAIGN.name, 'index.html'), 'utf8');
  if (!campaignPage.includes(SAMPLE_CAMPAIGN.file.fields['hero.headline']))
    throw new Error(`owner-edits: the edited copy's /${SAMPLE_CAMPAIGN.name} lacks its headline.`);

  const readers = contentReaders(copy.root);
  const budgets = 'tests/http/budgets.spec.ts';
  console.log(`owner-edits: running ${[...readers, budgets].join(', ')} on the edited copy.`);
  const port = Number(process.env['E2E_PORT'] ?? 4322) + 100;
  run(
    'npx',
    ['playwright', 'test', '--project=phone', '--project=http', '--retries=0', ...readers, budgets],
    copy.root,
    { E2E_PORT: String(port) },
  );
  console.log('owner-edits: the end-to-end suite and the byte budgets passed on the edited copy.');
} finally {
  copy.remove();
}
