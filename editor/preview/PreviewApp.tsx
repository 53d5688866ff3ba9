/**
 * The live preview's page: the page the owner is editing, drawn by the site's own components
 * (PagePreview) from the files as the owner is writing them (owner-files.ts), redrawn at every
 * change, and scrolled to the section of the field the owner is on (the editor's page says which:
 * panel.tsx). A page that cannot be drawn says why in one line; the last good page stays drawn.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { PagePreview } from './PagePreview.tsx';
import { sectionOfPart, type PreviewTarget } from './prepare-page.ts';
import { isPagePath, PAGE_PATHS } from '../../src/content/pages.ts';
import { isContentName } from '../../src/content/schemas.ts';
import { previewContent, type PreviewContent } from './preview-content.ts';
import type { PictureResolver } from '../../src/content/pictures.ts';
import { pageSettings } from '../../src/lib/site-links.ts';
import { hostedEditor } from '../app/storage.ts';
import { fieldTexts, followAsks, markFields, outlineSection } from './click-to-edit.ts';
import { followOwnerFiles, type OwnerFiles } from './owner-files.ts';
import type { SectionMessage } from './panel.tsx';
import { pictureMaker } from './pictures.ts';
import { gitHubFiles, localFiles } from './saved.ts';

/** What the preview's address asks for: the page, a split test's variant of it, the branch, the section. */
export function previewRequest(search: string) {
  const query = new URLSearchParams(search);
  const test = query.get('test');
  const variant = query.get('variant');
  const target: PreviewTarget = {
    path: query.get('page') ?? PAGE_PATHS[0],
    ...(test && variant && { variant: { experiment: test, variant } }),
  };
  const file = query.get('file');
  const part = query.get('part');
  return {
    target,
    branch: query.get('branch') ?? undefined,
    at: file && part ? { file, part } : undefined,
    // The form beside the preview (its data file's name).
    form: query.get('form') ?? undefined,
  };
}

/** The section of the previewed page drawn from `part` of data file `file`, if it draws one. */
function sectionAt(
  content: PreviewContent,
  target: PreviewTarget,
  at: { file: string; part: string } | undefined,
) {
  if (!at || !isContentName(at.file)) return undefined;
  const base = isPagePath(target.path)
    ? target.path
    : content.campaigns.find((campaign) => campaign.path === target.path)?.page;
  return base && sectionOfPart(base, at.file, at.part);
}

/** Brings section `key` of the page into view (none, or a section the page does not draw: where it is). */
export function showSection(key: string | undefined, behavior: ScrollBehavior = 'auto') {
  if (!key) return;
  document
    .querySelector(`[data-preview-part="${CSS.escape(key)}"]`)
    ?.scrollIntoView({ block: 'start', behavior });
}

const settings = pageSettings();

/**
 * The preview's own lines, styled here: a class only the preview used would be written into the
 * visitors' stylesheet too (Tailwind reads every file of src/).
 */
const NOTICE = {
  margin: 0,
  padding: '8px 16px',
  background: '#fdf1dc',
  color: '#0b0b0c',
  font: '400 14px/1.4 var(--font-inter)',
} as const;

/** What the page is drawn from: the content as the owner is writing it, its pictures, and what the preview could not read. */
interface Drawing {
  content: PreviewContent;
  pictures: PictureResolver;
  picturesStamp: string;
  unreadable: readonly string[];
}

/**
 * The next drawing from the owner's latest files: the content's pipeline handed the last drawing's
 * content (its last good parts), the pictures made again only when an unsaved picture changed.
 */
export function nextDrawing(files: OwnerFiles, last: Drawing | undefined): Drawing {
  // A new resolver (the page's pictures asked again) only when an unsaved picture changed.
  const pictures: PictureResolver =
    last && last.picturesStamp === files.picturesStamp
      ? last.pictures
      : (path, use) => makePicture(path, files.bytes, use.sizes);
  return {
    content: previewContent(files.texts, last?.content),
    pictures,
    picturesStamp: files.picturesStamp,
    unreadable: files.unreadable,
  };
}

/** Every picture the preview draws, made once per distinct bytes. */
const makePicture = pictureMaker();

/** The drawing as the owner's files change, and a line when the saved files cannot be read. */
function useDrawing(branch: string | undefined) {
  const [drawing, setDrawing] = useState<Drawing>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    const saved = hostedEditor ? gitHubFiles(hostedEditor.repo, branch ?? 'main') : localFiles();
    return followOwnerFiles(
      saved,
      (files) => {
        setProblem(undefined);
        setDrawing((last) => nextDrawing(files, last));
      },
      (message) => setProblem(`The preview could not read your saved pages: ${message}. It tries again.`),
    );
  }, [branch]);
  return { drawing, problem };
}

/** Follows the section the owner moves to in the form (the editor's page, this frame's parent, says which). */
function useFollowedSection(
  drawing: Drawing | undefined,
  target: PreviewTarget,
  form: { current: string | undefined },
) {
  const latest = useRef(drawing);
  useEffect(() => {
    latest.current = drawing;
  }, [drawing]);
  useEffect(() => {
    const follow = (event: MessageEvent<SectionMessage>) => {
      if (event.origin !== location.origin || event.data?.type !== 'live-preview:section') return;
      const { file, part } = event.data;
      const content = latest.current?.content;
      form.current = file;
      if (!content) return;
      const section = sectionAt(content, target, { file, part });
      showSection(section, 'smooth');
      outlineSection(section);
    };
    window.addEventListener('message', follow);
    return () => window.removeEventListener('message', follow);
  }, [target, form]);
}

/**
 * Click to edit (./click-to-edit.ts): the words of the form's file marked on the page as it is
 * drawn (the page is drawn after its pictures are made, and again as the owner types), and a click
 * or Enter on them sent to the editor's page.
 */
function useClickToEdit(drawing: Drawing | undefined, form: { current: string | undefined }) {
  const texts = useRef<ReturnType<typeof fieldTexts>>([]);
  useEffect(() => followAsks(() => form.current), [form]);
  useEffect(() => {
    const shown = drawing?.content.content as Record<string, unknown> | undefined;
    texts.current = form.current && shown ? fieldTexts(shown[form.current]) : [];
  }, [drawing, form]);
  useEffect(() => {
    let frame = 0;
    const mark = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => markFields(document.body, texts.current));
    };
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    mark();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
}

export function PreviewApp() {
  const request = useMemo(() => previewRequest(location.search), []);
  const { drawing, problem } = useDrawing(request.branch);
  const [drawn, setDrawn] = useState(false);
  // The form beside the preview: its file's words answer a click.
  const form = useRef(request.form ?? request.at?.file);
  useFollowedSection(drawing, request.target, form);
  useClickToEdit(drawing, form);

  // Once drawn the first time: at the section the preview was opened at.
  useEffect(() => {
    if (!drawing?.content.content || drawn) return;
    const frame = requestAnimationFrame(() => {
      const section = sectionAt(drawing.content, request.target, request.at);
      showSection(section);
      outlineSection(section);
      setDrawn(true);
      document.documentElement.dataset['previewDrawn'] = '';
    });
    return () => cancelAnimationFrame(frame);
  }, [drawing, drawn, request]);

  return (
    <>
      {drawing && drawing.unreadable.length > 0 && (
        <p role="status" data-preview-notice="" style={NOTICE}>
          The preview could not read your unsaved changes (the editor was updated): it shows the page as last
          saved.
        </p>
      )}
      {problem && (
        <p role="alert" data-preview-notice="" style={NOTICE}>
          {problem}
        </p>
      )}
      {drawing ? (
        <PagePreview
          content={drawing.content}
          target={request.target}
          pictures={drawing.pictures}
          settings={settings}
        />
      ) : (
        !problem && <p role="status">Drawing the page…</p>
      )}
    </>
  );
}
