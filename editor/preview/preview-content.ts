/**
 * The live preview's content: every data file as the owner is writing it (the saved files with
 * the unsaved drafts laid over them), read as the build reads it (data-files.ts), checked by the
 * site's own schemas and resolved by the build's own resolver (resolve.ts, campaign-pages.ts).
 *
 * The owner types through values the build would refuse (an emptied headline on the way to a new
 * one, a price half typed), so a refused value never takes the page down: the smallest part it can
 * keeps its last good value (a section of a page's file, a video, a footer's list; the whole offer,
 * which every figure comes from; a whole campaign page) and is refused in the words the build
 * would stop with. So is a file that is no YAML at all, and a figure token problem. Nothing the
 * owner writes makes it throw. Pure, and free of the build's own modules: it runs in the browser.
 */
import type { z } from 'astro/zod';
import { ContentError, type FigureTable } from '../../src/lib/figure-tokens.ts';
import { campaignOf, type Campaign, type CampaignData } from '../../src/content/campaign-pages.ts';
import { dataOfFile, yamlData } from '../../src/content/data-files.ts';
import { describeField, describePath } from '../../src/content/field-labels.ts';
import { objectShape } from '../../src/content/fields.ts';
import { figureTable } from '../../src/content/figures.ts';
import { CAMPAIGN_FOLDER } from '../../src/content/pages.ts';
import {
  COPY_NAMES,
  resolvePart,
  shownContent,
  type ResolvedCopy,
  type ShownContent,
} from '../../src/content/resolve.ts';
import { contentFiles, contentPath, type ContentName, type Offer } from '../../src/content/schemas.ts';
import { checkedCampaignSchema } from '../../src/content/schemas/campaigns.ts';
import { checkedExperimentsSchema, type CampaignBases } from '../../src/content/schemas/experiments.ts';

/** Each data file's text by its path from the project root: `src/content/kit.yaml`, `src/content/campaigns/podcast.yaml`. */
export type DataFiles = ReadonlyMap<string, string>;

/** A value the preview does not show yet: the part of the file that keeps its last good value, and why. */
export interface Refusal {
  /** The data file: `src/content/kit.yaml`. */
  file: string;
  /** The part of it kept as it last was: `hero`; none when the whole file is (the offer, a campaign page, a file that is no YAML). */
  part: string | undefined;
  /** As the build words it: "The kit page → Hero → Headline (hero.headline): must not be empty". */
  message: string;
}

/** A part's last good value: as checked by its schema, and as the page shows it (its tokens resolved). */
interface GoodPart {
  raw: unknown;
  shown: unknown;
}

/** A file's last good parts, by part (`WHOLE` for a file kept whole). */
type GoodParts = Readonly<Record<string, GoodPart>>;

export interface PreviewContent {
  /** The content as the pages show it: each part's value now, or its last good one. None until every part has had a good one. */
  content: ShownContent | undefined;
  /** The campaign pages, by name. */
  campaigns: readonly Campaign[];
  /** What is not shown yet, and why. */
  refusals: readonly Refusal[];
  /** Each file's last good parts: the next call keeps them where the owner's value is refused. */
  good: Readonly<Record<string, GoodParts>>;
  /** How each data file was read: the next call reads again only the files whose text (or whose figures) changed. */
  reads: Readonly<Record<string, FileRead>>;
}

/** A data file as one call read it, and from what. */
interface FileRead {
  text: string | undefined;
  /** The named fields its text holds (none: it is missing, or no YAML), and why it holds none. */
  data: Record<string, unknown> | undefined;
  unread: readonly Refusal[];
  /** The offer its figures came from, and the campaign pages its split tests were checked against. */
  offer: Offer | undefined;
  bases: string;
  shown: unknown;
  refusals: readonly Refusal[];
}

/** The part name of a file kept whole. */
const WHOLE = '';

type Refuse = (file: string, part: string | undefined, message: string) => void;
type Good = Record<string, GoodParts>;

/** What a call has read so far: each file's read, the last good parts, and what is refused. */
interface Reading {
  files: DataFiles;
  previous: PreviewContent | undefined;
  good: Good;
  reads: Record<string, FileRead>;
  refusals: Refusal[];
}

/**
 * The content of `files` as the pages show it, each refused part kept as it was in `previous` (the
 * last call's result; none at the first call, which should have the saved files).
 */
export function previewContent(files: DataFiles, previous?: PreviewContent): PreviewContent {
  const reading: Reading = { files, previous, good: { ...previous?.good }, reads: {}, refusals: [] };
  const { good, reads, refusals } = reading;
  const offer = readFile(reading, 'offer', { offer: undefined, bases: '' }, readOffer) as Offer | undefined;
  if (!offer) return { content: undefined, campaigns: [], refusals, good, reads };
  const figures = figuresOf(offer);
  const campaigns = readCampaigns(files, figures, good, (file, part, message) =>
    refusals.push({ file, part, message }),
  );
  const bases: CampaignBases = Object.fromEntries(campaigns.map(({ path, page }) => [path, page]));
  const shown: Record<string, unknown> = {};
  for (const name of COPY_NAMES) {
    const schema = name === 'experiments' ? checkedExperimentsSchema(bases) : contentFiles[name];
    const from = { offer, bases: name === 'experiments' ? JSON.stringify(bases) : '' };
    shown[name] = readFile(reading, name, from, (data, refuse) =>
      readParts(name, data, schema.zod, figures, good, refuse),
    );
  }
  const complete = COPY_NAMES.every((name) => shown[name] !== undefined);
  const content = complete ? shownContent(offer, shown as ResolvedCopy) : undefined;
  return { content, campaigns, refusals, good, reads };
}

/**
 * Data file `name` read by `read`, or as the last call read it when its text and what it was read
 * with are the same: a keystroke changes one file, and the others are not read again (nor parsed
 * again when only the figures changed).
 */
function readFile(
  { files, previous, good, reads, refusals }: Reading,
  name: ContentName,
  from: Pick<FileRead, 'offer' | 'bases'>,
  read: (data: Record<string, unknown> | undefined, refuse: Refuse, good: Good) => unknown,
): unknown {
  const file = contentPath(name);
  const text = files.get(file);
  const before = previous?.reads[file];
  const sameText = before !== undefined && before.text === text;
  let done = sameText && before.offer === from.offer && before.bases === from.bases ? before : undefined;
  if (!done) {
    // The copy is read part by part (readParts), the offer whole (readOffer): every figure comes from it.
    const { data, unread } = sameText ? before : parsed(name, text);
    const problems: Refusal[] = [...unread];
    const shown = read(data, (_, part, message) => problems.push({ file, part, message }), good);
    done = { text, data, unread, ...from, shown, refusals: problems };
  }
  reads[file] = done;
  refusals.push(...done.refusals);
  return done.shown;
}

/** Data file `name`'s named fields in `text`, and why there are none when there are none. */
function parsed(name: ContentName, text: string | undefined): Pick<FileRead, 'data' | 'unread'> {
  const unread: Refusal[] = [];
  const data = fileData(name, text, (file, part, message) => unread.push({ file, part, message }));
  return { data, unread };
}

const figureTables = new WeakMap<Offer, FigureTable>();

/** Every figure a token may name, made once per offer. */
function figuresOf(offer: Offer): FigureTable {
  let figures = figureTables.get(offer);
  if (!figures) figureTables.set(offer, (figures = figureTable(offer)));
  return figures;
}

/** The offer as written, or as it last was good: every figure comes from it, so it is kept whole. */
function readOffer(data: Record<string, unknown> | undefined, refuse: Refuse, good: Good): Offer | undefined {
  const file = contentPath('offer');
  if (data !== undefined) {
    const checked = contentFiles.offer.zod.safeParse(data);
    if (checked.success) {
      good[file] = { [WHOLE]: { raw: checked.data, shown: checked.data } };
      return checked.data;
    }
    for (const issue of checked.error.issues)
      refuse(
        file,
        undefined,
        `${describeField('offer', issue.path as (string | number)[])}: ${issue.message}`,
      );
  }
  return good[file]?.[WHOLE]?.raw as Offer | undefined;
}

/** Data file `name`'s named fields, or none (refused) when it is missing or holds none. */
function fileData(name: ContentName, text: string | undefined, refuse: Refuse) {
  const file = contentPath(name);
  if (text === undefined) return void refuse(file, undefined, `Missing content file ${file}.`);
  try {
    return dataOfFile(name, text);
  } catch (error) {
    return void refuse(file, undefined, (error as Error).message);
  }
}

/**
 * Data file `name`'s parts as the pages show them, each refused one as it last was good; none
 * while a part has never been good. An unknown part is refused and left out, as the build refuses it.
 */
function readParts(
  name: ContentName,
  data: Record<string, unknown> | undefined,
  zod: z.ZodType,
  figures: FigureTable,
  good: Good,
  refuse: Refuse,
): Record<string, unknown> | undefined {
  const file = contentPath(name);
  const shape = objectShape(zod);
  if (data && Object.keys(data).some((key) => !Object.hasOwn(shape, key))) {
    for (const issue of zod.safeParse(data).error?.issues ?? [])
      if (issue.path.length === 0) refuse(file, undefined, `${describeField(name, [])}: ${issue.message}`);
  }
  const last = good[file] ?? {};
  const kept: Record<string, GoodPart> = {};
  const shown: Record<string, unknown> = {};
  for (const [part, partZod] of Object.entries(shape)) {
    const now = data && checkedPart(name, part, partZod.safeParse(data[part]), figures);
    for (const message of now?.problems ?? []) refuse(file, part, message);
    const value = now?.good ?? keptPart(last[part], (raw) => resolvePart(name, part, raw, figures));
    if (!value) continue;
    kept[part] = value;
    shown[part] = now?.good ? value.shown : withHideSwitch(value.shown, data?.[part]);
  }
  good[file] = kept;
  return Object.keys(shape).every((part) => kept[part]) ? shown : undefined;
}

/**
 * A refused section as last good, hidden or shown as its "Hide this section" switch is now: the
 * owner who hides a section they are halfway through sees it leave.
 */
function withHideSwitch(shown: unknown, now: unknown): unknown {
  if (!isRecord(shown) || !('hidden' in shown) || !isRecord(now)) return shown;
  const hidden = now['hidden'] ?? false;
  return typeof hidden === 'boolean' ? { ...shown, hidden } : shown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A part checked by its schema, then its tokens resolved: good, or the problems in the build's words. */
function checkedPart(
  name: ContentName,
  part: string,
  checked: z.ZodSafeParseResult<unknown>,
  figures: FigureTable,
) {
  if (!checked.success) {
    const problems = checked.error.issues.map(
      (issue) => `${describeField(name, [part, ...(issue.path as (string | number)[])])}: ${issue.message}`,
    );
    return { problems };
  }
  return resolved(checked.data, (raw) => resolvePart(name, part, raw, figures));
}

/** `raw` with its tokens resolved by `resolve`, or the problems a ContentError lists. */
function resolved(
  raw: unknown,
  resolve: (raw: unknown) => unknown,
): { good?: GoodPart; problems: readonly string[] } {
  try {
    return { good: { raw, shown: resolve(raw) }, problems: [] };
  } catch (error) {
    if (error instanceof ContentError) return { problems: error.problems };
    throw error;
  }
}

/**
 * A refused part's last good value, its tokens resolved again (the offer may have changed since);
 * as it was shown when they no longer resolve (a figure changed to what the copy types).
 */
function keptPart(last: GoodPart | undefined, resolve: (raw: unknown) => unknown): GoodPart | undefined {
  return last && (resolved(last.raw, resolve).good ?? last);
}

/** The campaign pages in `files`, by name, each refused one as it last was good. */
function readCampaigns(files: DataFiles, figures: FigureTable, good: Good, refuse: Refuse): Campaign[] {
  const folder = `${CAMPAIGN_FOLDER}/`;
  const paths = [...files.keys()].filter((path) => path.startsWith(folder) && path.endsWith('.yaml')).sort();
  return paths.flatMap((file) => {
    const name = file.slice(folder.length, -'.yaml'.length);
    const make = (raw: unknown) => campaignOf(name, raw as CampaignData, figures);
    const now = campaignNow(file, files.get(file) ?? '', make);
    for (const message of now.problems) refuse(file, undefined, message);
    const value = now.good ?? keptPart(good[file]?.[WHOLE], make);
    if (value) good[file] = { [WHOLE]: value };
    return value ? [value.shown as Campaign] : [];
  });
}

/** A campaign file as written: checked by its schema (with the rules across its fields), then made a page. */
function campaignNow(file: string, text: string, make: (raw: unknown) => Campaign) {
  let data: unknown;
  try {
    data = yamlData(file, text) ?? {};
  } catch (error) {
    return { problems: [(error as Error).message] };
  }
  const checked = checkedCampaignSchema.zod.safeParse(data);
  if (!checked.success) {
    const problems = checked.error.issues.map(
      (issue) =>
        `${describePath(checkedCampaignSchema.editor, issue.path as (string | number)[])}: ${issue.message}`,
    );
    return { problems };
  }
  return resolved(checked.data, make);
}
