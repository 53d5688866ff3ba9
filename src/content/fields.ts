/**
 * One declaration per content field, read two ways: `zod` is what the build validates a data file
 * against (through Astro's content collections), `editor` is the same rule in plain data, which
 * editor/app/config.ts turns into the browser editor's form. Both come from the same arguments, so
 * the editor refuses exactly what the build would refuse.
 *
 * Kept free of the editor's own package, so the site's build never loads it.
 */
import { z } from 'astro/zod';
import { videoIdProblem } from '../lib/video-id.ts';

/** How a number is written when copy quotes it as a figure token: $497, 30%, or 90. */
export type FigureFormat = 'money' | 'percent' | 'number';

export type EditorField =
  | { kind: 'text'; label: string; description?: string; multiline: boolean; optional: boolean; max?: number }
  | { kind: 'href'; label: string; description?: string }
  | { kind: 'videoId'; label: string; description?: string }
  | {
      kind: 'number';
      label: string;
      description?: string;
      integer: boolean;
      optional: boolean;
      min?: number;
      max?: number;
      format: FigureFormat;
    }
  | {
      kind: 'checkbox';
      label: string;
      description?: string;
      /** Left out of the file while off: a section's `hidden` appears only on a hidden section. */
      omitWhenOff?: boolean;
    }
  | { kind: 'select'; label: string; description?: string; options: readonly string[] }
  | {
      kind: 'image';
      label: string;
      description?: string;
      directory: string;
      publicPath: string;
      /** The file may leave it out (a video's poster: the drawing shows without one). */
      optional?: boolean;
    }
  | {
      kind: 'list';
      label: string;
      description?: string;
      item: EditorField;
      min?: number;
      max?: number;
      itemLabel?: string;
    }
  | { kind: 'object'; label: string; description?: string; fields: Record<string, EditorField> };

export interface Field<Z extends z.ZodType = z.ZodType> {
  zod: Z;
  editor: EditorField;
}

interface Common {
  label: string;
  description?: string;
}

/** Where the editor saves uploaded images, and how data files refer to them. */
export const IMAGE_DIRECTORY = 'src/assets/uploads';
export const IMAGE_PUBLIC_PATH = '/src/assets/uploads/';

/** A site path (`/community`), a fragment (`#faq`) or an absolute http(s) URL. */
export const HREF_PATTERN = /^(\/|#|https?:\/\/[^\s/]+)\S*$/;
export const HREF_MESSAGE = 'must be a site path (/…), a fragment (#…) or an http(s) URL';

export function text(common: Common & { multiline?: boolean; max?: number }): Field<z.ZodString> {
  let zod = z.string().trim().min(1, 'must not be empty');
  if (common.max) zod = zod.max(common.max, `must be at most ${common.max} characters`);
  return {
    zod,
    editor: { kind: 'text', ...common, multiline: common.multiline ?? false, optional: false },
  };
}

/** Text the owner may leave empty: an empty value means "leave it out". */
export function optionalText(
  common: Common & { multiline?: boolean },
): Field<z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>> {
  return {
    zod: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined)),
    editor: { kind: 'text', ...common, multiline: common.multiline ?? false, optional: true },
  };
}

/** A day the owner may leave empty, written YYYY-MM-DD (2026-12-02). */
export function optionalDay(common: Common) {
  const field = optionalText(common);
  return {
    ...field,
    zod: field.zod.refine(
      (value) =>
        value === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))),
      'must be a day written YYYY-MM-DD (2026-12-02)',
    ),
  };
}

/** A short name used in addresses and reports: lower-case letters, digits and hyphens (`plain-question`). */
export function slug(common: Common): Field<z.ZodString> {
  return {
    zod: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be lower-case letters, digits and hyphens (at most 40)'),
    editor: { kind: 'text', ...common, multiline: false, optional: false },
  };
}

export function href(common: Common): Field<z.ZodString> {
  return { zod: z.string().trim().regex(HREF_PATTERN, HREF_MESSAGE), editor: { kind: 'href', ...common } };
}

/**
 * A YouTube or Vimeo video's id. A pasted address is refused here with the id to write instead;
 * the editor's field turns a pasted address into its id as it is pasted.
 */
export function videoId(common: Common): Field<z.ZodString> {
  return {
    zod: z
      .string()
      .trim()
      .superRefine((value, context) => {
        const problem = videoIdProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    editor: { kind: 'videoId', ...common },
  };
}

export function number(
  common: Common & { format?: FigureFormat; integer?: boolean; min?: number; max?: number },
): Field<z.ZodNumber> {
  const { format = 'number', integer = false, min = 0, max, ...rest } = common;
  let zod = z.number({ error: 'must be a number' });
  if (integer) zod = zod.int('must be a whole number');
  zod = zod.min(min, `must be at least ${min}`);
  if (max !== undefined) zod = zod.max(max, `must be at most ${max}`);
  return {
    zod,
    editor: {
      kind: 'number',
      ...rest,
      integer,
      optional: false,
      min,
      ...(max !== undefined && { max }),
      format,
    },
  };
}

/** A whole number the owner may leave empty: an empty value means "not stated, leave it out". */
export function optionalCount(
  common: Common & { min?: number },
): Field<
  z.ZodPipe<
    z.ZodOptional<z.ZodNullable<z.ZodNumber>>,
    z.ZodTransform<number | undefined, number | null | undefined>
  >
> {
  const min = common.min ?? 0;
  return {
    zod: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .nullable()
      .optional()
      .transform((value) => value ?? undefined),
    editor: { kind: 'number', ...common, integer: true, optional: true, min, format: 'number' },
  };
}

/** A price or amount in US dollars: quoted in copy as $497 or $3,744. */
export const money = (common: Common) => number({ ...common, format: 'money' });
/** A percentage: quoted in copy as 30%. */
export const percent = (common: Common) => number({ ...common, format: 'percent', max: 100 });
/** A whole count (days, minutes, founders): quoted in copy as a plain number. */
export const count = (common: Common & { min?: number; max?: number }) =>
  number({ ...common, integer: true, min: common.min ?? 0 });

export function checkbox(common: Common): Field<z.ZodBoolean> {
  return { zod: z.boolean(), editor: { kind: 'checkbox', ...common } };
}

/**
 * The switch that hides a section: `hidden: true` on the section's object in its page's file.
 * Absent means shown, and the file keeps no `hidden: false` lines.
 */
export const hiddenSwitch: Field<z.ZodDefault<z.ZodBoolean>> = {
  zod: z.boolean().default(false),
  editor: {
    kind: 'checkbox',
    label: 'Hide this section',
    description:
      'Takes the section off the page (with its links and analytics) until you untick this; its words stay here.',
    omitWhenOff: true,
  },
};

export function select<const T extends readonly [string, ...string[]]>(
  common: Common & { options: T },
): Field<z.ZodEnum<{ [K in T[number]]: K }>> {
  return { zod: z.enum(common.options), editor: { kind: 'select', ...common } };
}

/** An image uploaded through the editor (or placed in src/assets/uploads), or a file in public/. */
const imagePath = () =>
  z
    .string()
    .trim()
    .regex(
      /^\/\S+\.(png|jpe?g|webp|avif|svg)$/i,
      'must be an image path such as /src/assets/uploads/photo.jpg',
    );

export function image(common: Common): Field<z.ZodString> {
  return {
    zod: imagePath(),
    editor: { kind: 'image', ...common, directory: IMAGE_DIRECTORY, publicPath: IMAGE_PUBLIC_PATH },
  };
}

/** An image the owner may leave out (a video's own poster). */
export function optionalImage(common: Common): Field<z.ZodOptional<z.ZodString>> {
  return {
    zod: imagePath().optional(),
    editor: {
      kind: 'image',
      ...common,
      directory: IMAGE_DIRECTORY,
      publicPath: IMAGE_PUBLIC_PATH,
      optional: true,
    },
  };
}

export function list<Z extends z.ZodType>(
  item: Field<Z>,
  common: Common & { min?: number; max?: number; length?: number; itemLabel?: string },
): Field<z.ZodArray<Z>> {
  const { length, ...rest } = common;
  const min = length ?? rest.min;
  const max = length ?? rest.max;
  let zod = z.array(item.zod);
  if (min !== undefined) zod = zod.min(min, `must have at least ${min} item(s)`);
  if (max !== undefined) zod = zod.max(max, `must have at most ${max} item(s)`);
  return {
    zod,
    editor: {
      kind: 'list',
      ...rest,
      item: item.editor,
      ...(min !== undefined && { min }),
      ...(max !== undefined && { max }),
    },
  };
}

type Shape = Record<string, Field>;
type ZodShape<S extends Shape> = { [K in keyof S]: S[K]['zod'] };

export function object<S extends Shape>(
  common: Common,
  fields: S,
): Field<z.ZodObject<ZodShape<S>, z.core.$strict>> {
  const zodShape = Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.zod]));
  const editorFields = Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.editor]));
  return {
    zod: z.strictObject(zodShape as ZodShape<S>),
    editor: { kind: 'object', ...common, fields: editorFields },
  };
}

/**
 * An object the file may leave out (a split test's control variant has no words of its own): read
 * its fields through `objectShape`, which looks inside the optional.
 */
export function optionalObject<S extends Shape>(common: Common, fields: S) {
  const inner = object(common, fields);
  return { zod: inner.zod.optional(), editor: inner.editor };
}

/** The fields of an object's schema, whether or not the file may leave it out. */
export function objectShape(zod: z.ZodType): Record<string, z.ZodType> {
  const inner = zod instanceof z.ZodOptional ? (zod.unwrap() as z.ZodType) : zod;
  return (inner as unknown as { shape: Record<string, z.ZodType> }).shape;
}

/** A section of a page: its fields, and the switch that hides it (first, so it leads the editor's form). */
export function section<S extends Shape>(common: Common, fields: S) {
  return object(common, { hidden: hiddenSwitch, ...fields });
}

/** What a field holds once validated. */
export type Infer<F extends Field> = z.output<F['zod']>;
