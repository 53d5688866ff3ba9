/**
 * The editor's own form fields, where Keystatic's stock fields fall short of the build's rules:
 * text checked by the same function the build uses (figure tokens, lengths, links, video ids),
 * images that keep their file names and are checked as they are chosen (a camera's photo scaled
 * down, picture-check.ts; a replaced picture's description asked again), and a section switch
 * that leaves no `hidden: false` lines.
 *
 * Every field that can be wrong also tells the browser (setCustomValidity): a list item's dialog
 * is a form, so its Done button then stays put, with the field's message showing, instead of
 * closing over the mistake.
 */
import { fields, type BasicFormField, type ComponentSchema, type FormFieldInputProps } from '@keystatic/core';
import { TextArea, TextField } from '@keystar/ui/text-field';
import { Text } from '@keystar/ui/typography';
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { checkedPicture, type Picture } from './picture-check.ts';
import { recordProblem, type Where } from './save-problems.tsx';

type Leaf = BasicFormField<NonNullable<unknown> | null>;

/** Why a value cannot be saved, in words after the field's label; undefined when it can. */
export type Problem<T> = (value: T) => string | undefined;

/** Each of these fields' own check, without recording anything: a list's rows are marked by it. */
const checks = new WeakMap<object, Problem<never>>();

/** `field`, its own check (what is wrong with a value, label first) known to the list rows that show it. */
export function withCheck<F extends object>(field: F, check: Problem<never>): F {
  checks.set(field, check);
  return field;
}

/** `field` with `render` around its input (given the input and its props). */
export function around(
  field: ComponentSchema,
  render: (input: ReactNode, props: FormFieldInputProps<NonNullable<unknown> | null>) => ReactNode,
): ComponentSchema {
  if (field.kind !== 'form') return field;
  const form = field as unknown as Leaf;
  const Base = form.Input;
  function Input(props: FormFieldInputProps<NonNullable<unknown> | null>) {
    return <>{render(<Base {...props} />, props)}</>;
  }
  const wrapped = { ...form, Input } as unknown as ComponentSchema;
  // Its own check goes with it (a list's row is marked by it).
  const check = checks.get(field);
  if (check) checks.set(wrapped, check);
  return wrapped;
}

/**
 * What a text field shows while it is empty, given by the form around it: a campaign page's or a
 * variant's word shows its page's own words there ("as on /: …").
 */
export const FieldPlaceholder = createContext<string | undefined>(undefined);

/** What is wrong with `value` in `field` (one of this file's fields), with the field's label first. */
export function fieldProblem(field: unknown, value: unknown): string | undefined {
  const check = field && typeof field === 'object' ? checks.get(field) : undefined;
  return check ? (check as Problem<unknown>)(value) : undefined;
}

/** Marks every input inside `container` invalid with `message` (or valid without one), and reports the browser's "invalid" event. */
export function useBrowserValidity(
  container: RefObject<HTMLElement | null>,
  message: string | undefined,
  onInvalid?: () => void,
) {
  useEffect(() => {
    const inputs = container.current?.querySelectorAll('input, textarea') ?? [];
    for (const input of inputs) (input as HTMLInputElement).setCustomValidity(message ?? '');
  });
  useEffect(() => {
    const element = container.current;
    if (!element || !onInvalid) return;
    // "invalid" does not bubble: listen in the capture phase.
    element.addEventListener('invalid', onInvalid, true);
    return () => element.removeEventListener('invalid', onInvalid, true);
  }, [container, onInvalid]);
}

interface TextOptions {
  label: string;
  description?: string;
  multiline?: boolean;
  /** Where the field sits, as the editor labels it: named in the list shown when a Save is refused. */
  where: Where;
  problem: Problem<string>;
  /** Rewrites what the owner typed or pasted (a video's address becomes its id). */
  normalize?: (value: string) => string;
  /** The words as the page prints them, when they differ from what is typed (figures by name). */
  showsAs?: (value: string) => string | undefined;
  /** A hook the input calls, to render again when what `problem` reads besides the value changes. */
  watch?: () => void;
}

/** A text field refused exactly when `problem` finds fault with it, its message under the field. */
export function checkedText(options: TextOptions): BasicFormField<string> {
  const { label, description, multiline = false, where, problem, normalize, showsAs, watch } = options;
  const message = (value: string) => {
    const found = problem(value);
    return found === undefined ? undefined : `${label}: ${found}`;
  };

  function Input({ value, onChange, autoFocus, forceValidation }: FormFieldInputProps<string>) {
    const [touched, setTouched] = useState(false);
    const wrapper = useRef<HTMLDivElement>(null);
    watch?.();
    const placeholder = useContext(FieldPlaceholder);
    const error = message(value);
    useBrowserValidity(wrapper, error, () => setTouched(true));
    const Field = multiline ? TextArea : TextField;
    const shown = showsAs?.(value);
    return (
      <div ref={wrapper}>
        <Field
          label={label}
          {...(description && { description })}
          // Keystatic focuses the first field of a list item's dialog as it opens, as its own fields do.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={autoFocus}
          value={value}
          {...(placeholder && { placeholder })}
          onChange={(next: string) => {
            setTouched(true);
            onChange(normalize ? normalize(next) : next);
          }}
          onBlur={() => setTouched(true)}
          errorMessage={touched || forceValidation ? error : undefined}
        />
        {shown !== undefined && (
          <Text size="small" color="neutralSecondary" UNSAFE_style={{ display: 'block', marginTop: 6 }}>
            <span data-shows-as="">{`Shows as: ${shown}`}</span>
          </Text>
        )}
      </div>
    );
  }

  const parse = (value: unknown): string => {
    if (value === undefined || value === null) return '';
    if (typeof value === 'number') return String(value);
    if (typeof value !== 'string') throw new Error(`${label}: must be text`);
    return value;
  };
  const validate = (value: string): string => {
    const error = message(value);
    if (error !== undefined) {
      recordProblem(where, error);
      throw new Error(error);
    }
    return value;
  };
  const field: BasicFormField<string> = {
    kind: 'form',
    label,
    Input,
    defaultValue: () => '',
    parse,
    serialize: (value) => ({ value: value === '' ? undefined : value }),
    validate,
    reader: { parse: (value) => validate(parse(value)) },
  };
  checks.set(field, (value: string) => message(typeof value === 'string' ? value : ''));
  return field;
}

/** A checkbox that is written only when ticked (a section's `hidden: true`). */
export function switchField(options: { label: string; description?: string }): BasicFormField<boolean> {
  const base = fields.checkbox(options) as BasicFormField<boolean>;
  return { ...base, serialize: (value) => ({ value: value ? true : undefined }) };
}

const IMAGE_TYPES = /\.(png|jpe?g|webp|avif|svg)$/i;

/** A file name safe in a URL and unlikely to meet another upload's: "Tom's photo.JPG" → tom-s-photo-lq3k2a.jpg. */
function uploadName(original: string): string {
  const dot = original.lastIndexOf('.');
  const stem = (dot > 0 ? original.slice(0, dot) : original)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  const extension = dot > 0 ? original.slice(dot + 1).toLowerCase() : '';
  return `${stem || 'image'}-${Date.now().toString(36)}.${extension}`;
}

type ImageField = ReturnType<typeof fields.image>;
type ImageValue = Parameters<ImageField['validate']>[0];

/** Said by a picture's field when the owner replaces its picture: its description is asked again. */
const PICTURE_REPLACED = 'editor-picture-replaced';
/** A picture and its description share the list item's dialog (or, outside one, the form). */
const PICTURE_AND_WORDS = '[role="dialog"], form';

/** What the owner is told under a picture's field: what was done to a new picture, or why it was refused. */
type Told = { words: string; refused: boolean } | null;

/**
 * The picture field's input: a newly chosen picture is checked before it is taken (picture-check.ts:
 * scaled down, or refused, with a line saying which); one that replaces a picture asks for its
 * description again.
 */
function CheckedPictureInput({
  Base,
  ...props
}: FormFieldInputProps<ImageValue> & { Base: ImageField['Input'] }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [told, setTold] = useState<Told>(null);
  const onChange = (next: ImageValue) => {
    // Removed, or only renamed: as it is.
    if (!next || next.data === props.value?.data) return props.onChange(next);
    const replacing = props.value !== null;
    setTold({ words: 'Checking the picture…', refused: false });
    void checkedPicture(next as Picture).then((checked) => {
      if ('refused' in checked) return setTold({ words: checked.refused, refused: true });
      props.onChange(checked.picture);
      setTold(checked.told ? { words: checked.told, refused: false } : null);
      if (replacing) wrapper.current?.dispatchEvent(new CustomEvent(PICTURE_REPLACED, { bubbles: true }));
    });
  };
  return (
    <div ref={wrapper}>
      <Base {...props} onChange={onChange} />
      {told && (
        <Text
          role={told.refused ? 'alert' : 'status'}
          color={told.refused ? 'critical' : 'neutral'}
          UNSAFE_style={{ display: 'block', marginTop: 6 }}
        >
          {told.words}
        </Text>
      )}
    </div>
  );
}

/** A picture's description: emptied, and asked for again, when the owner replaces the picture beside it. */
function Describing({ clear, empty, children }: { clear: () => void; empty: boolean; children: ReactNode }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    const replaced = (event: Event) => {
      const here = wrapper.current?.closest(PICTURE_AND_WORDS);
      if (!here || (event.target as Element).closest(PICTURE_AND_WORDS) !== here) return;
      clear();
      setAsked(true);
    };
    document.addEventListener(PICTURE_REPLACED, replaced);
    return () => document.removeEventListener(PICTURE_REPLACED, replaced);
  }, [clear]);
  return (
    <div ref={wrapper}>
      {children}
      {asked && empty && (
        <Text role="status" size="small" UNSAFE_style={{ display: 'block', marginTop: 6 }}>
          A new picture: describe it for screen readers.
        </Text>
      )}
    </div>
  );
}

/** The description of the picture beside it (`alt`), asked again when that picture is replaced. */
export function describingPicture(field: ComponentSchema): ComponentSchema {
  return around(field, (input, { value, onChange }) => (
    <Describing clear={() => onChange('')} empty={value === ''}>
      {input}
    </Describing>
  ));
}

/**
 * An uploaded image that keeps its file name. Keystatic names an image in a list after its place
 * ("items/0/avatar.png") and renames every one at each save; here a file keeps the name it was
 * uploaded under (made unique then), so a save touches only the images that changed.
 */
export function stableImage(options: {
  label: string;
  description?: string;
  directory: string;
  publicPath: string;
  where: Where;
  optional?: boolean;
}): ImageField {
  const { where, optional = false, ...rest } = options;
  const base = fields.image({
    ...rest,
    validation: { isRequired: !optional },
    transformFilename: uploadName,
  });
  function Input(props: FormFieldInputProps<ImageValue>) {
    return <CheckedPictureInput Base={base.Input} {...props} />;
  }
  return {
    ...base,
    Input,
    serialize: (value, args) => base.serialize(value, { ...args, suggestedFilenamePrefix: undefined }),
    validate(value: ImageValue) {
      if (value && !IMAGE_TYPES.test(value.filename)) {
        const error = `${options.label}: must be a PNG, JPEG, WebP, AVIF or SVG image`;
        recordProblem(where, error);
        throw new Error(error);
      }
      try {
        return base.validate(value);
      } catch (error) {
        recordProblem(where, (error as Error).message);
        throw error;
      }
    },
  };
}
