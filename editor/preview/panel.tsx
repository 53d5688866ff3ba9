/**
 * The live preview in the editor's page: a "Live preview" button on every form that makes a page,
 * which opens the page as the form now stands, unsaved changes and all (editor/preview/, the
 * page drawn by the site's own components in a frame of its own).
 *
 * From 1024 px wide it sits beside the form, which stays usable, with a switch between a phone's,
 * a tablet's and a desktop's width (the page drawn at that width, scaled to fit). On a smaller
 * screen it fills the screen, with a way back to the field the owner was on. It follows the owner:
 * it opens at the section of the field being edited, and moves there as the owner moves.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { EDITOR_PAGE, PREVIEW_PAGE } from '../../runtime/editor.ts';
import { isPagePath, PAGES } from '../../src/content/pages.ts';
import type { FieldMessage } from './click-to-edit.ts';
import { editorPlace, pagesOfForm, sectionLabels, type PreviewTarget } from './form-page.ts';
import { goToField } from './to-field.ts';

export const WIDTHS = { Phone: 375, Tablet: 800, Desktop: 1280 } as const;
type WidthName = keyof typeof WIDTHS;

/** From this width the preview sits beside the form; below it, it fills the screen. */
const SIDE_BY_SIDE = 1024;
/** The share of the window the preview takes beside the form. */
const PANE_SHARE = 0.46;

/** The message the editor's page sends the preview when the owner moves to another part of a file. */
export interface SectionMessage {
  type: 'live-preview:section';
  /** The data file of the form (`kit`), and its part holding the field (`hero`). */
  file: string;
  part: string;
}

/** The preview's address for `target`, opened at `section`, on `branch` (GitHub mode). */
export function previewAddress(
  target: PreviewTarget,
  branch?: string,
  at?: { file: string; part: string },
  form?: string,
): string {
  const query = new URLSearchParams({ page: target.page });
  if (form) query.set('form', form);
  if (target.test) query.set('test', target.test);
  if (target.variant) query.set('variant', target.variant);
  if (branch) query.set('branch', branch);
  if (at) {
    query.set('file', at.file);
    query.set('part', at.part);
  }
  return `${PREVIEW_PAGE}?${query}`;
}

/** A page as the owner knows it: its name in the editor, or a campaign page's address. */
function pageName(page: string): string {
  return isPagePath(page) ? `${PAGES[page].label} (${page})` : `the campaign page ${page}`;
}

/** The section (a top-level field of the form's file) holding `element`, by the labels the form shows. */
export function sectionOf(element: Element | null, singleton: string | undefined): string | undefined {
  if (!element || !singleton) return undefined;
  const labels = sectionLabels(singleton);
  let found: string | undefined;
  for (let node: Element | null = element; node; node = node.parentElement) {
    const labelled = node.getAttribute('aria-labelledby');
    const name = labelled
      ? document.getElementById(labelled.split(' ')[0]!)?.textContent?.trim()
      : node.getAttribute('aria-label')?.trim();
    const key = name ? labels.get(name) : undefined;
    // The outermost group the form labels as a section of the file.
    if (key) found = key;
  }
  return found;
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}

/** The editor's address, followed as the app routes itself (it changes it without a page load). */
function usePathname(): string {
  const [pathname, setPathname] = useState(() => location.pathname);
  useEffect(() => {
    const timer = window.setInterval(() => setPathname(location.pathname), 250);
    return () => window.clearInterval(timer);
  }, []);
  return pathname;
}

const button: React.CSSProperties = {
  font: '600 14px/1.2 Inter, system-ui, sans-serif',
  borderRadius: 8,
  padding: '10px 14px',
  border: '1px solid #0b0b0c',
  background: '#0b0b0c',
  color: '#ffffff',
  cursor: 'pointer',
  minHeight: 44,
};
const quiet: React.CSSProperties = { ...button, background: '#ffffff', color: '#0b0b0c' };

function WidthSwitch({ width, onChange }: { width: WidthName; onChange: (name: WidthName) => void }) {
  return (
    <div role="radiogroup" aria-label="Preview width" style={{ display: 'flex', gap: 4 }}>
      {(Object.keys(WIDTHS) as WidthName[]).map((name) => (
        <button
          key={name}
          type="button"
          role="radio"
          aria-checked={width === name}
          onClick={() => onChange(name)}
          style={width === name ? { ...button, padding: '8px 10px' } : { ...quiet, padding: '8px 10px' }}
        >
          {name} <span style={{ fontWeight: 400 }}>{WIDTHS[name]}</span>
        </button>
      ))}
    </div>
  );
}

/** The pages a shared file's words are on: which one the preview shows. */
function PageSwitch({
  pages,
  page,
  onChange,
}: {
  pages: string[];
  page: string;
  onChange: (page: string) => void;
}) {
  return (
    <div role="radiogroup" aria-label="Page shown" style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
      {pages.map((each) => (
        <button
          key={each}
          type="button"
          role="radio"
          aria-checked={page === each}
          onClick={() => onChange(each)}
          style={page === each ? { ...button, padding: '8px 10px' } : { ...quiet, padding: '8px 10px' }}
        >
          {each}
        </button>
      ))}
    </div>
  );
}

interface FrameProps {
  src: string;
  title: string;
  /** The page's width in the frame, scaled down to fit the pane (none: the pane's own width). */
  pageWidth?: number;
  frameRef: React.RefObject<HTMLIFrameElement | null>;
}

/** The preview's frame: at `pageWidth`, scaled to the box it sits in. */
function Frame({ src, title, pageWidth, frameRef }: FrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const width = pageWidth ?? size.width;
  const scale = width > 0 && size.width > 0 ? Math.min(1, size.width / width) : 1;
  return (
    <div
      ref={box}
      style={{ flex: '1 1 auto', overflow: 'hidden', position: 'relative', background: '#ebe8e1' }}
    >
      <iframe
        ref={frameRef}
        src={src}
        title={title}
        data-live-preview-frame=""
        style={{
          border: 0,
          width,
          height: size.height / scale,
          transform: `scale(${scale})`,
          transformOrigin: 'top left',
          background: '#ffffff',
          display: 'block',
        }}
      />
    </div>
  );
}

/** A part of a form's file: the data file's name (`kit`) and its top-level field (`hero`). */
type FilePart = { file: string; part: string };

/**
 * The field the owner is on, followed: the preview is told its section as the owner moves (a
 * message to its frame), and the last field is kept for the phone's way back.
 */
function useFollowedField(singleton: string | undefined, frame: React.RefObject<HTMLIFrameElement | null>) {
  const lastField = useRef<HTMLElement | null>(null);
  const [section, setSection] = useState<FilePart | undefined>();
  useEffect(() => {
    const follow = (event: FocusEvent) => {
      const field = event.target;
      if (!(field instanceof HTMLElement) || field.closest('[data-live-preview]')) return;
      lastField.current = field;
      const part = sectionOf(field, singleton);
      if (!part || !singleton) return;
      setSection({ file: singleton, part });
      const message: SectionMessage = { type: 'live-preview:section', file: singleton, part };
      frame.current?.contentWindow?.postMessage(message, location.origin);
    };
    document.addEventListener('focusin', follow);
    return () => document.removeEventListener('focusin', follow);
  }, [singleton, frame]);
  return { lastField, section };
}

/**
 * A click (or Enter) on a piece of the page in the preview: its field in the form, focused and
 * scrolled into view; on a phone the preview, which covers the form, is closed first.
 */
function useClickToEdit(side: boolean, setOpen: (open: boolean) => void) {
  useEffect(() => {
    const go = (event: MessageEvent<FieldMessage>) => {
      if (event.origin !== location.origin || event.data?.type !== 'live-preview:field') return;
      const { file, path } = event.data;
      if (side) return void goToField(file, path);
      setOpen(false);
      requestAnimationFrame(() => goToField(file, path));
    };
    window.addEventListener('message', go);
    return () => window.removeEventListener('message', go);
  }, [side, setOpen]);
}

/** The editor's page around the preview: the button's corner kept clear, room made beside the form. */
function useRoomForPreview(shownButton: boolean, beside: boolean, windowWidth: number) {
  // The Publish card sits above the button (publish.css).
  useEffect(() => {
    document.documentElement.toggleAttribute('data-live-preview-button', shownButton);
  }, [shownButton]);
  // Beside the form, the editor's app keeps to the left (the style startLivePreview adds).
  useEffect(() => {
    document.documentElement.toggleAttribute('data-live-preview-beside', beside);
    document.documentElement.style.setProperty(
      '--live-preview-width',
      `${Math.round(windowWidth * PANE_SHARE)}px`,
    );
  }, [beside, windowWidth]);
}

const paneStyle = (side: boolean): React.CSSProperties => ({
  position: 'fixed',
  top: 0,
  bottom: 0,
  right: 0,
  width: side ? 'var(--live-preview-width)' : '100vw',
  zIndex: 2147483000,
  display: 'flex',
  flexDirection: 'column',
  background: '#ffffff',
  borderLeft: side ? '1px solid #d9d5cc' : undefined,
  font: '400 14px/1.4 Inter, system-ui, sans-serif',
  color: '#0b0b0c',
});

const toolbarStyle: React.CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 8,
  alignItems: 'center',
  padding: 8,
  borderBottom: '1px solid #d9d5cc',
};

interface PaneProps {
  src: string;
  title: string;
  side: boolean;
  frame: React.RefObject<HTMLIFrameElement | null>;
  close: () => void;
  /** The pages the form's words are on (a shared file's), and the one shown. */
  pages: { all: string[]; shown: string; show: (page: string) => void };
}

/**
 * The open preview: beside the form with its widths and a Close, or on a phone a dialog over the
 * whole screen whose first control (focused as it opens) goes back to the form, as Escape does.
 */
function Pane({ src, title, side, frame, close, pages }: PaneProps) {
  const [width, setWidth] = useState<WidthName>('Desktop');
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (side) return;
    back.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [side, close]);
  return (
    <section
      data-live-preview=""
      aria-label="Live preview"
      {...(!side && { role: 'dialog', 'aria-modal': true })}
      style={paneStyle(side)}
    >
      <div style={toolbarStyle}>
        {!side && (
          <button ref={back} type="button" style={button} onClick={close}>
            Back to the form
          </button>
        )}
        <h2 style={{ font: '600 15px/1.2 Inter, system-ui, sans-serif', margin: 0, flex: '1 1 auto' }}>
          {title}
        </h2>
        {pages.all.length > 1 && <PageSwitch pages={pages.all} page={pages.shown} onChange={pages.show} />}
        {side && <WidthSwitch width={width} onChange={setWidth} />}
        {side && (
          <button type="button" style={quiet} onClick={close}>
            Close preview
          </button>
        )}
      </div>
      <Frame src={src} title={title} frameRef={frame} {...(side && { pageWidth: WIDTHS[width] })} />
    </section>
  );
}

const openButtonStyle: React.CSSProperties = {
  ...button,
  position: 'fixed',
  right: 16,
  bottom: 16,
  zIndex: 2147483000,
  boxShadow: '0 4px 16px rgb(0 0 0 / 0.25)',
};

function LivePreview() {
  const windowWidth = useWindowWidth();
  const place = editorPlace(usePathname());
  const targets = pagesOfForm(place);
  // The page chosen among a shared file's pages (the first until the owner chooses another).
  const [chosen, setChosen] = useState<string | undefined>();
  const target = targets.find((each) => each.page === chosen) ?? targets[0];
  const [open, setOpen] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const { lastField, section } = useFollowedField(place.singleton, frame);
  /** The part the preview opened at: the frame's address keeps it until the page changes. */
  const [openedAt, setOpenedAt] = useState<FilePart | undefined>();
  const side = windowWidth >= SIDE_BY_SIDE;
  useRoomForPreview(target !== undefined && !open, open && side && target !== undefined, windowWidth);

  const close = useCallback(() => {
    setOpen(false);
    const field = returnTo.current ?? lastField.current;
    if (field?.isConnected) field.focus();
  }, [lastField]);
  useClickToEdit(side, setOpen);

  if (!target) return null;
  if (!open) {
    const show = () => {
      returnTo.current = lastField.current;
      setOpenedAt(section);
      setOpen(true);
    };
    return (
      <button type="button" data-live-preview="" style={openButtonStyle} onClick={show}>
        Live preview
      </button>
    );
  }
  // The frame's address changes only with the page: a move to another section is a message.
  const src = previewAddress(target, place.branch, openedAt, place.singleton);
  return (
    <Pane
      src={src}
      title={`Live preview: ${pageName(target.page)}`}
      side={side}
      frame={frame}
      close={close}
      pages={{ all: targets.map((each) => each.page), shown: target.page, show: setChosen }}
    />
  );
}

/** Puts the live preview's button and pane into the editor's page (once, in the browser). */
export function startLivePreview(): void {
  if (typeof document === 'undefined' || !location.pathname.startsWith(EDITOR_PAGE)) return;
  if (location.pathname.startsWith(PREVIEW_PAGE)) return;
  const style = document.createElement('style');
  // Keystatic's app (each top box of its theme, dialogs too) keeps to the left of the preview
  // beside it; a transform makes it the box its own fixed parts (toasts, menus) are placed in.
  style.textContent = `html[data-live-preview-beside] body .kui-theme:not(body .kui-theme .kui-theme) {
    width: calc(100vw - var(--live-preview-width)) !important; max-width: calc(100vw - var(--live-preview-width)) !important;
    transform: translateZ(0); height: 100dvh; overflow: hidden; }`;
  document.head.append(style);
  const root = document.createElement('div');
  root.dataset['livePreviewRoot'] = '';
  document.body.append(root);
  createRoot(root).render(<LivePreview />);
}
