/**
 * The browser editor (Keystatic): local mode by `npm run edit`, GitHub mode in the hosted
 * editor's build (src/editor/storage.ts). Its forms are made from
 * the same field declarations the build validates with (src/content/schemas.ts), and every text
 * field asks the build's own checks (the field's schema, then the figure tokens against the
 * figures of offer.yaml), so the editor refuses what the build would refuse, in the same words.
 * It saves to src/content/*.yaml and src/assets/uploads/.
 */
import { collection, config, fields, singleton } from '@keystatic/core';
import type { BasicFormField, ComponentSchema } from '@keystatic/core';
import type { z } from 'astro/zod';
import { parse } from 'yaml';
import offerSource from './src/content/offer.yaml?raw';
import { objectShape, type EditorField, type Field } from './src/content/fields.ts';
import { figureTable } from './src/content/figures.ts';
import { contentFiles, contentPath, type ContentName, type Offer } from './src/content/schemas.ts';
import { CAMPAIGN_FOLDER, campaignSchema } from './src/content/schemas/campaigns.ts';
import { campaignNameProblem } from './integrations/campaign-names.ts';
import { campaignName, campaignRules, notedCampaignFields } from './src/editor/campaign-fields.tsx';
import { experimentRules, notedExperimentList } from './src/editor/experiment-rules.tsx';
import { resultsSingleton } from './src/editor/results/field.tsx';
import { checkedText, stableImage, switchField, withBrowserValidity } from './src/editor/fields.tsx';
import { saveProblems } from './src/editor/save-problems.tsx';
import { editorStorage, previewUrl } from './src/editor/storage.ts';
import { copyTypingFigure, figureProblems, formatFigure, type FigureTable } from './src/lib/figure-tokens.ts';
import { videoIdFromAddress } from './src/lib/video-id.ts';

/** The figures copy may quote, as offer.yaml holds them when the editor opens (none if it is broken: the build refuses it then). */
function currentFigures(): FigureTable | undefined {
  const offer = contentFiles.offer.zod.safeParse(parse(offerSource));
  return offer.success ? figureTable(offer.data as Offer) : undefined;
}
const figures = currentFigures();

/** Every string of the pages' copy (every data file but offer.yaml), as the editor opens. */
const copyTexts: string[] = Object.entries(
  import.meta.glob<string>('./src/content/*.yaml', { query: '?raw', import: 'default', eager: true }),
)
  .filter(([path]) => !path.endsWith('/offer.yaml'))
  .flatMap(([, source]) => stringsIn(parse(source)));

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * A money or percent figure may not take a value the copy already types as plain text: the build
 * would refuse that copy ("typed as a figure"), so the figure's form refuses the value instead.
 */
function valueTypedInCopy(token: string | undefined) {
  const format = token === undefined ? undefined : figures?.get(token.replace(/\.N\b/g, '.0'))?.format;
  if (format !== 'money' && format !== 'percent') return undefined;
  return (value: number): string | undefined => {
    const text = copyTexts.find((candidate) => copyTypingFigure(value, format, [candidate]));
    if (text === undefined) return undefined;
    const written = formatFigure(value, format);
    const excerpt = text.length > 70 ? `${text.slice(0, 70)}…` : text;
    return `${written} is typed as plain text in the copy ("${excerpt}"): reword that text first, or choose another figure`;
  };
}

interface Place {
  /** The labels down to the field's parent, as the editor shows them: "The kit page → Hero". */
  where: string;
  /** In a page's copy (not offer.yaml): figure tokens are checked and quoting them is explained. */
  copy: boolean;
  /** In offer.yaml: the token that quotes this field in copy ("kit.price"). */
  token?: string;
}

function zodProblem(zod: z.ZodType) {
  return (value: unknown): string | undefined => {
    const result = zod.safeParse(value);
    return result.success ? undefined : (result.error.issues[0]?.message ?? 'is not valid');
  };
}

const price = figures?.get('kit.price')?.value;
const QUOTING_HINT = `Figures by name: {kit.price}${price ? `, not ${price}` : ''} (see Prices and figures).`;

/** The field's help text, with its token (a figure of offer.yaml) or how copy quotes a figure (a page's text). */
function describe(field: Field, place: Place): string | undefined {
  const { kind, description } = field.editor;
  const hint =
    place.token !== undefined && (kind === 'number' || kind === 'text')
      ? `In copy: {${place.token}}`
      : place.copy && kind === 'text'
        ? QUOTING_HINT
        : undefined;
  return [description, hint].filter(Boolean).join(' ') || undefined;
}

/** A number's form field: its bounds, and (in offer.yaml) a refusal of a value typed into copy instead of its token. */
function numberField(
  editor: Extract<EditorField, { kind: 'number' }>,
  description: string | undefined,
  place: Place,
): ComponentSchema {
  const { label } = editor;
  const validation = {
    isRequired: !editor.optional,
    ...(editor.min !== undefined && { min: editor.min }),
    ...(editor.max !== undefined && { max: editor.max }),
  };
  const common = { label, ...(description && { description }), validation };
  const base = (editor.integer ? fields.integer(common) : fields.number(common)) as BasicFormField<
    number | null
  >;
  const typedInCopy = valueTypedInCopy(place.token);
  const checked: BasicFormField<number | null> = typedInCopy
    ? {
        ...base,
        validate(value) {
          const valid = base.validate(value);
          const problem = valid === null ? undefined : typedInCopy(valid);
          if (problem !== undefined) throw new Error(`${label}: ${problem}`);
          return valid;
        },
      }
    : base;
  return withBrowserValidity(checked, place.where);
}

/** A list's form field: its items' fields placed under the list, each item named by its `itemLabel` field. */
function listField(
  field: Field,
  editor: Extract<EditorField, { kind: 'list' }>,
  place: Place,
): ComponentSchema {
  const { label } = editor;
  const element: Field = {
    zod: (field.zod as unknown as { element: z.ZodType }).element,
    editor: editor.item,
  };
  const itemPlace: Place = {
    ...place,
    where: `${joinLabels(place.where, label)} (an item)`,
    ...(place.token !== undefined && { token: `${place.token}.N` }),
  };
  // An item's own fields are named after the list ("Testimonials (an item) → Stars").
  const item =
    editor.item.kind === 'object'
      ? fields.object(objectFields(element, itemPlace), { label: editor.item.label })
      : editorField(element, itemPlace);
  const key = editor.itemLabel;
  return fields.array(item, {
    label,
    ...(editor.description && { description: editor.description }),
    itemLabel: (props) => {
      const value: unknown = key
        ? (props as { fields?: Record<string, { value?: unknown }> }).fields?.[key]?.value
        : (props as { value?: unknown }).value;
      return typeof value === 'string' && value ? value : label;
    },
    validation: {
      length: {
        ...(editor.min !== undefined && { min: editor.min }),
        ...(editor.max !== undefined && { max: editor.max }),
      },
    },
  });
}

/** The editor's form field for a field of schemas.ts, placed at `place`. */
export function editorField(field: Field, place: Place = { where: '', copy: false }): ComponentSchema {
  const { editor } = field;
  const { label } = editor;
  const description = describe(field, place);
  const check = zodProblem(field.zod);
  // Copy is also checked for figure tokens, as the build does with every string of a page's file.
  const copyCheck = (value: string) =>
    check(value) ?? (place.copy && figures && value ? figureProblems(value, figures)[0] : undefined);
  const text = { label, where: place.where, problem: copyCheck, ...(description && { description }) };
  switch (editor.kind) {
    case 'text':
      return checkedText({ ...text, multiline: editor.multiline });
    case 'href':
      return checkedText({
        ...text,
        description:
          editor.description ??
          'A page of this site (/community), a place on it (#faq) or a full address (https://…)',
      });
    case 'videoId':
      // A pasted address becomes its id as it lands in the field.
      return checkedText({
        ...text,
        ...(editor.description && { description: editor.description }),
        normalize: (value) => videoIdFromAddress(value) ?? value,
      });
    case 'number':
      return numberField(editor, description, place);
    case 'checkbox':
      return editor.omitWhenOff
        ? switchField({ label, ...(description && { description }) })
        : fields.checkbox({ label, ...(description && { description }) });
    case 'select':
      return fields.select({
        label,
        ...(description && { description }),
        options: editor.options.map((option) => ({ label: option, value: option })),
        defaultValue: editor.options[0] ?? '',
      });
    case 'image':
      return stableImage({
        label,
        ...(description && { description }),
        directory: editor.directory,
        publicPath: editor.publicPath,
        where: place.where,
      });
    case 'list':
      return listField(field, editor, place);
    case 'object':
      return fields.object(objectFields(field, { ...place, where: joinLabels(place.where, label) }), {
        label,
        ...(editor.description && { description: editor.description }),
      });
  }
}

function joinLabels(where: string, label: string) {
  return where ? `${where} → ${label}` : label;
}

function objectFields(field: Field, place: Place): Record<string, ComponentSchema> {
  if (field.editor.kind !== 'object') throw new Error(`${place.where} must be declared as an object.`);
  const shape = objectShape(field.zod);
  return Object.fromEntries(
    Object.entries(field.editor.fields).map(([key, child]) => [
      key,
      editorField(
        { zod: shape[key]!, editor: child },
        {
          ...place,
          ...(place.token !== undefined && { token: place.token ? `${place.token}.${key}` : key }),
        },
      ),
    ]),
  );
}

/** A file's fields, with the checks of rules that span several of them (the split tests'). */
function withRulesAcrossFields(name: ContentName, fields: Record<string, ComponentSchema>) {
  if (name !== 'experiments') return fields;
  const { experiments, ...rest } = fields;
  return { ...rest, experiments: notedExperimentList(experiments!), experimentRules };
}

function dataFileSingleton(name: ContentName) {
  const root = contentFiles[name];
  const place: Place = {
    where: root.editor.label,
    copy: name !== 'offer',
    ...(name === 'offer' && { token: '' }),
  };
  return singleton({
    label: root.editor.label,
    path: contentPath(name).replace(/\.yaml$/, ''),
    format: { data: 'yaml' },
    // A draft branch's preview, linked from the form (hosted editor with a host that makes previews).
    ...(previewUrl && { previewUrl }),
    // The list of what stopped a Save leads the form; it is never written to the file.
    schema: { saveProblems, ...withRulesAcrossFields(name, objectFields(root, place)) },
  });
}

/** The site's routes, as paths under src/pages/: a campaign page's name may not take one's address. */
const PAGE_FILES = Object.keys(
  import.meta.glob('./src/pages/**/*.{astro,ts}', { query: '?raw', import: 'default', eager: true }),
).map((file) => file.slice('./src/pages/'.length));

/** The campaign pages: one file each, named by its address (src/content/campaigns/podcast.yaml is /podcast). */
function campaignPages() {
  const { name: _name, ...form } = objectFields(campaignSchema, {
    where: campaignSchema.editor.label,
    copy: true,
  });
  return collection({
    label: 'Campaign pages',
    path: `${CAMPAIGN_FOLDER}/*`,
    slugField: 'name',
    format: { data: 'yaml' },
    schema: {
      saveProblems,
      name: campaignName((name) => campaignNameProblem(name, PAGE_FILES)),
      ...notedCampaignFields(form),
      campaignRules,
    },
  });
}

export default config({
  storage: editorStorage,
  ui: {
    brand: { name: 'Build Equity site' },
    navigation: {
      Pages: ['kit', 'community', 'faq', 'testimonials', 'videos'],
      'Prices and figures': ['offer'],
      'Across the site': ['footer', 'meta'],
      'Split tests': ['experiments'],
      'Campaign pages': ['campaigns'],
      // What sells: split tests' figures, calls to action by section, real visitors' speed.
      Results: ['results'],
    },
  },
  collections: { campaigns: campaignPages() },
  singletons: {
    kit: dataFileSingleton('kit'),
    community: dataFileSingleton('community'),
    faq: dataFileSingleton('faq'),
    testimonials: dataFileSingleton('testimonials'),
    videos: dataFileSingleton('videos'),
    offer: dataFileSingleton('offer'),
    footer: dataFileSingleton('footer'),
    meta: dataFileSingleton('meta'),
    experiments: dataFileSingleton('experiments'),
    results: resultsSingleton,
  },
});
