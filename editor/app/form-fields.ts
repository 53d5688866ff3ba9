/**
 * The editor's form field for each field the build validates with (src/content/schemas.ts): every
 * text field asks the build's own checks (the field's schema, then the figure tokens against the
 * figures of offer.yaml), so a form refuses what the build would refuse, in the same words.
 */
import { fields } from '@keystatic/core';
import type { ComponentSchema } from '@keystatic/core';
import type { z } from 'astro/zod';
import { parse } from 'yaml';
import { objectShape, type EditorField, type Field } from '../../src/content/fields.ts';
import {
  copyTypingFigure,
  figureProblems,
  formatFigure,
  hasToken,
  showsAs,
} from '../../src/lib/figure-tokens.ts';
import { videoIdFromAddress } from '../../src/lib/video-id.ts';
import { openingFigures, openingTextsExcept } from './opening-content.ts';
import { checkedText, describingPicture, stableImage, switchField } from './fields.tsx';
import { readingAnyValue } from './file-values.tsx';
import { numberField } from './number-field.tsx';
import { quotedAs } from './figures-hint.tsx';
import { itemProblem, itemStart, titling } from './list-items.tsx';
import { whereUnder, type Where } from './save-problems.tsx';
import { hostProblem, tellingHost, useVideoHosts } from './video-host.tsx';

export const figures = openingFigures();

/** Every string of the pages' copy (every data file but offer.yaml), as the editor opens. */
const copyTexts: string[] = openingTextsExcept('offer').flatMap((source) => stringsIn(parse(source)));

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
    // One pattern for all the copy (the form asks at every render of the figure and its list's rows).
    const text = copyTypingFigure(value, format, copyTexts);
    if (text === undefined) return undefined;
    const written = formatFigure(value, format);
    const excerpt = text.length > 70 ? `${text.slice(0, 70)}…` : text;
    return `${written} is typed as plain text in the copy ("${excerpt}"): reword that text first, or choose another figure`;
  };
}

export interface Place {
  /** The labels down to the field's parent, as the editor shows them: "The kit page → Hero", "… → item 2, Tom → …". */
  where: Where;
  /** The same labels, with no item's position: names a list for the count of its items. */
  path: string;
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

/** Copy as the page prints it, when it quotes a figure by name (the "Shows as" line, a list row's title). */
const readAs = (value: string): string | undefined =>
  figures && hasToken(value) ? showsAs(value, figures) : undefined;

/** A number's form field: its bounds, and (in offer.yaml) a refusal of a value typed into copy instead of its token. */
function numberFormField(
  editor: Extract<EditorField, { kind: 'number' }>,
  description: string | undefined,
  place: Place,
): ComponentSchema {
  const typedInCopy = valueTypedInCopy(place.token);
  return numberField({
    label: editor.label,
    ...(description && { description }),
    integer: editor.integer === true,
    optional: editor.optional === true,
    ...(editor.min !== undefined && { min: editor.min }),
    ...(editor.max !== undefined && { max: editor.max }),
    where: place.where,
    ...(typedInCopy && { problem: typedInCopy }),
  }) as unknown as ComponentSchema;
}

/** What the owner is asked to do where the file holds a value a field of this kind cannot take. */
function wantOf(editor: EditorField): string {
  switch (editor.kind) {
    case 'checkbox':
      return 'switch it on or off, and save';
    case 'select':
      return `choose one of ${editor.options.join(', ')}, and save`;
    case 'image':
      return 'choose a picture, and save';
    default:
      return 'type the words, and save';
  }
}

/** The editor's form field for a field of schemas.ts, placed at `place`; a figure of offer.yaml shows the name copy quotes it by. */
export function editorField(
  field: Field,
  place: Place = { where: '', path: '', copy: false },
): ComponentSchema {
  const { kind, label } = field.editor;
  const form = formField(field, place);
  // A number's own field opens any value (number-field.tsx); any other takes what it cannot read so.
  const made =
    kind === 'number'
      ? form
      : readingAnyValue(form, { label, where: place.where, want: wantOf(field.editor) });
  return place.token !== undefined && (kind === 'number' || kind === 'text')
    ? quotedAs(made, place.token)
    : made;
}

/** The form field itself, by its kind. */
function formField(field: Field, place: Place): ComponentSchema {
  const { editor } = field;
  const { label, description } = editor;
  const check = zodProblem(field.zod);
  // Copy is also checked for figure tokens, as the build does with every string of a page's file.
  const copyCheck = (value: string) =>
    check(value) ?? (place.copy && figures && value ? figureProblems(value, figures)[0] : undefined);
  const text = {
    label,
    where: place.where,
    problem: copyCheck,
    ...(description && { description }),
    ...(place.copy && { showsAs: readAs }),
  };
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
      // A pasted address becomes its id as it lands in the field; the id must be one its Host plays.
      return checkedText({
        ...text,
        ...(editor.description && { description: editor.description }),
        problem: (value) => copyCheck(value) ?? hostProblem(place.path, value),
        watch: useVideoHosts,
        normalize: (value) => videoIdFromAddress(value) ?? value,
      });
    case 'number':
      return numberFormField(editor, description, place);
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
        ...(editor.optional && { optional: true }),
      });
    case 'list':
      return listField(field, place);
    case 'object':
      return fields.object(objectFields(field, under(place, label)), {
        label,
        ...(editor.description && { description: editor.description }),
      });
  }
}

/** `place`, one label down. */
function under(place: Place, label: string): Place {
  return {
    ...place,
    where: whereUnder(place.where, label),
    path: place.path ? `${place.path} → ${label}` : label,
  };
}

/** The words a list row shows for an item: its title field's (or its own) words as the page prints them. */
const rowWords = (value: unknown): string =>
  typeof value === 'string' && value ? (readAs(value) ?? value) : '';

/**
 * A list: each item known by its position and title in what a refused Save lists ("item 2, Tom
 * Brennan → Stars …"), each row titled by the item's words as the page prints them, and marked
 * when the item holds a value the Save would refuse.
 */
function listField(field: Field, place: Place): ComponentSchema {
  const { editor } = field;
  if (editor.kind !== 'list') throw new Error(`${place.path} must be declared as a list.`);
  const { label } = editor;
  const element: Field = {
    zod: (field.zod as unknown as { element: z.ZodType }).element,
    editor: editor.item,
  };
  const list = place.path ? `${place.path} → ${label}` : label;
  const itemPlace: Place = {
    ...place,
    where: { outer: place.where, list },
    path: `${list} → an item`,
    ...(place.token !== undefined && { token: `${place.token}.N` }),
  };
  const key = editor.itemLabel;
  let item: ComponentSchema;
  if (editor.item.kind === 'object') {
    const inner = objectFields(element, itemPlace);
    if (key && inner[key]) inner[key] = titling(inner[key], list, rowWords);
    item = fields.object({ itemStart: itemStart(list), ...inner }, { label: editor.item.label });
  } else {
    item = titling(editorField(element, itemPlace), list, rowWords, true);
  }
  return fields.array(item, {
    label,
    ...(editor.description && { description: editor.description }),
    itemLabel: (props) => {
      const row = props as { value?: unknown; fields?: Record<string, { value?: unknown }> };
      const words = rowWords(key ? row.fields?.[key]?.value : row.value) || label;
      const problem = itemProblem(item, row);
      return problem === undefined ? words : `${words} ⚠ Needs a fix: ${problem}`;
    },
    validation: {
      length: {
        ...(editor.min !== undefined && { min: editor.min }),
        ...(editor.max !== undefined && { max: editor.max }),
      },
    },
  });
}

export function objectFields(field: Field, place: Place): Record<string, ComponentSchema> {
  if (field.editor.kind !== 'object') throw new Error(`${place.path} must be declared as an object.`);
  const shape = objectShape(field.zod);
  const { fields: children } = field.editor;
  // A video's Host tells its Video id field which host the id must play on.
  const isVideo = Object.values(children).some((child) => child.kind === 'videoId');
  // A picture's description (its `alt` beside it) is asked again when the picture is replaced.
  const isPicture = Object.values(children).some((child) => child.kind === 'image');
  return Object.fromEntries(
    Object.entries(children).map(([key, child]) => {
      const made = editorField(
        { zod: shape[key]!, editor: child },
        {
          ...place,
          ...(place.token !== undefined && { token: place.token ? `${place.token}.${key}` : key }),
        },
      );
      if (isVideo && key === 'provider') return [key, tellingHost(made, place.path)];
      return [key, isPicture && key === 'alt' ? describingPicture(made) : made];
    }),
  );
}
