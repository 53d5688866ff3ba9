/**
 * The live preview's page: the page the owner is editing, drawn by the site's own components
 * (PagePreview) from the files as the owner is writing them (owner-files.ts), redrawn at every
 * change, and scrolled to the section of the field the owner is on (the editor's page says which:
 * panel.tsx). A page that cannot be drawn says why in one line; the last good page stays drawn.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { PagePreview } from '../../components/preview/PagePreview.tsx';
import { sectionOfPart, type PreviewTarget } from '../../components/preview/prepare-page.ts';
import { isPagePath, PAGE_PATHS } from '../../content/pages.ts';
import { isContentName } from '../../content/schemas.ts';
import { previewContent, type PreviewContent } from '../../content/preview-content.ts';
import type { PictureResolver } from '../../content/pictures.ts';
import { pageSettings } from '../../lib/site-links.ts';
import { hostedEditor } from '../storage.ts';
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
  return { target, branch: query.get('branch') ?? undefined, at: file && part ? { file, part } : undefined };
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

function useOwnerFiles(branch: string | undefined) {
  const [files, setFiles] = useState<OwnerFiles>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    const saved = hostedEditor ? gitHubFiles(hostedEditor.repo, branch ?? 'main') : localFiles();
    return followOwnerFiles(
      saved,
      (next) => {
        setProblem(undefined);
        setFiles(next);
      },
      (message) => setProblem(`The preview could not read your saved pages: ${message}. It tries again.`),
    );
  }, [branch]);
  return { files, problem };
}

/** The pipeline's result for the latest files, each call handed the last (its last good parts). */
function useContent(files: OwnerFiles | undefined): PreviewContent | undefined {
  const last = useRef<PreviewContent>(undefined);
  return useMemo(() => {
    if (!files) return undefined;
    last.current = previewContent(files.texts, last.current);
    return last.current;
  }, [files]);
}

/** The pictures for the latest files: made again only when an unsaved picture changed. */
function usePictures(files: OwnerFiles | undefined): PictureResolver {
  const bytes = useRef(files?.bytes);
  bytes.current = files?.bytes;
  const stamp = files?.picturesStamp ?? '';
  const maker = useMemo(
    () => pictureMaker(async (path) => bytes.current?.(path)),
    // A new maker whenever an unsaved picture changes; the saved ones are asked again then too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [stamp],
  );
  return useMemo(() => (path, use) => maker.picture(path, '', use.sizes), [maker]);
}

export function PreviewApp() {
  const request = useMemo(() => previewRequest(location.search), []);
  const { files, problem } = useOwnerFiles(request.branch);
  const content = useContent(files);
  const pictures = usePictures(files);
  const [drawn, setDrawn] = useState(false);

  // The section the owner moves to in the form (the editor's page, this frame's parent, says which).
  const latest = useRef(content);
  latest.current = content;
  useEffect(() => {
    const follow = (event: MessageEvent<SectionMessage>) => {
      if (event.origin !== location.origin || event.data?.type !== 'live-preview:section') return;
      const { file, part } = event.data;
      if (latest.current) showSection(sectionAt(latest.current, request.target, { file, part }), 'smooth');
    };
    window.addEventListener('message', follow);
    return () => window.removeEventListener('message', follow);
  }, [request.target]);

  // Once drawn the first time: at the section the preview was opened at.
  useEffect(() => {
    if (!content?.content || drawn) return;
    const frame = requestAnimationFrame(() => {
      showSection(sectionAt(content, request.target, request.at));
      setDrawn(true);
      document.documentElement.dataset['previewDrawn'] = '';
    });
    return () => cancelAnimationFrame(frame);
  }, [content, drawn, request]);

  return (
    <>
      {files && files.unreadable.length > 0 && (
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
      {content ? (
        <PagePreview content={content} target={request.target} pictures={pictures} settings={settings} />
      ) : (
        !problem && <p role="status">Drawing the page…</p>
      )}
    </>
  );
}
