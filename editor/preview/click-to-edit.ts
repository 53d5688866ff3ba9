/**
 * Click to edit, in the preview's frame: each piece of the page's words that a field of the form
 * holds (the headline, a card's title) answers a click, or Enter once focused, by telling the
 * editor's page which field it is (a message to the frame's parent, which focuses the field and
 * scrolls it into view). The words are found by the text the page shows for each field of the
 * form's file, as the owner is writing it; the marks are the preview's own, put on its drawing of
 * the page (the visitors' pages are built without them). The section of the field being edited is
 * outlined.
 */

/** The message the preview sends the editor's page when the owner asks to edit a piece of the page. */
export interface FieldMessage {
  type: 'live-preview:field';
  /** The data file of the form (`kit`), and the field's place in it (`['hero', 'headline']`). */
  file: string;
  path: (string | number)[];
}

/** A field's place and the words the page shows for it. */
interface FieldText {
  path: (string | number)[];
  text: string;
}

const words = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Every string of `value` (a file's content as the pages show it), by its place. */
export function fieldTexts(value: unknown, path: (string | number)[] = []): FieldText[] {
  if (typeof value === 'string') return words(value).length > 1 ? [{ path, text: words(value) }] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => fieldTexts(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => fieldTexts(inner, [...path, key]));
  return [];
}

const MARK = 'data-preview-field';
const HINT_ID = 'preview-edit-hint';
const WORDS_OF_THE_PAGE =
  'h1, h2, h3, h4, h5, h6, p, li, blockquote, figcaption, dt, dd, span, a, button, strong';
/** The preview's own lines: never a field's words. */
const NOT_THE_PAGE = '[data-preview-note], [data-preview-notice]';

/** The line a screen reader reads on a piece of the page that can be edited. */
function hint(): void {
  if (document.getElementById(HINT_ID)) return;
  const line = document.createElement('p');
  line.id = HINT_ID;
  line.hidden = true;
  line.textContent = 'Press Enter to edit this in the form.';
  document.body.append(line);
}

/** Marks each piece of the page under `root` whose words are a field's of `texts` (the outermost only). */
export function markFields(root: ParentNode, texts: readonly FieldText[]): void {
  for (const old of root.querySelectorAll(`[${MARK}]`)) {
    old.removeAttribute(MARK);
    if (old.getAttribute('data-preview-tab') !== null) {
      old.removeAttribute('tabindex');
      old.removeAttribute('data-preview-tab');
    }
    old.removeAttribute('aria-describedby');
  }
  const byText = new Map<string, FieldText['path']>();
  for (const { path, text } of texts) if (!byText.has(text)) byText.set(text, path);
  if (byText.size === 0) return;
  hint();
  for (const element of root.querySelectorAll<HTMLElement>(WORDS_OF_THE_PAGE)) {
    if (element.closest(NOT_THE_PAGE) || element.parentElement?.closest(`[${MARK}]`)) continue;
    const path = byText.get(words(element.textContent));
    if (!path) continue;
    element.setAttribute(MARK, JSON.stringify(path));
    element.setAttribute('aria-describedby', HINT_ID);
    if (element.tabIndex < 0) {
      element.tabIndex = 0;
      element.setAttribute('data-preview-tab', '');
    }
  }
}

/** The field a click or a key on `target` asks for, if any. */
function fieldAt(target: EventTarget | null): FieldText['path'] | undefined {
  const marked = target instanceof Element ? target.closest(`[${MARK}]`) : null;
  const path = marked?.getAttribute(MARK);
  return path ? (JSON.parse(path) as FieldText['path']) : undefined;
}

/** Sends the editor's page the field a click, or Enter, on the page asks for. Returns the stop. */
export function followAsks(file: () => string | undefined): () => void {
  const ask = (event: Event) => {
    if (event instanceof KeyboardEvent && event.key !== 'Enter') return;
    const path = fieldAt(event.target);
    const form = file();
    if (!path || !form) return;
    // A link or a button of the page leads nowhere in the preview: it leads to its field.
    event.preventDefault();
    const message: FieldMessage = { type: 'live-preview:field', file: form, path };
    window.parent.postMessage(message, location.origin);
  };
  document.addEventListener('click', ask, true);
  document.addEventListener('keydown', ask, true);
  return () => {
    document.removeEventListener('click', ask, true);
    document.removeEventListener('keydown', ask, true);
  };
}

const EDITING = 'data-preview-editing';

/** Outlines section `key` of the page (the one under the field being edited), and no other. */
export function outlineSection(key: string | undefined): void {
  for (const old of document.querySelectorAll(`[${EDITING}]`)) old.removeAttribute(EDITING);
  if (!key) return;
  let section = document.querySelector(`[data-preview-part="${CSS.escape(key)}"]`)?.nextElementSibling;
  while (section?.matches('[data-preview-note]')) section = section.nextElementSibling;
  section?.setAttribute(EDITING, '');
}
