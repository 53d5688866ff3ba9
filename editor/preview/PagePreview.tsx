import { Fragment, useEffect, useState, type ReactNode } from 'react';
import type { PictureResolver } from '../../src/content/pictures.ts';
import type { PreviewContent, Refusal } from './preview-content.ts';
import type { PageSettings } from '../../src/lib/site-links.ts';
import { CommunityPageBody } from '../../src/components/community/CommunityPageBody.tsx';
import { DashboardPreview } from '../../src/components/community/DashboardPreview.tsx';
import { FeatureCarousel } from '../../src/components/community/FeatureCarousel.tsx';
import { JoinNowTabs } from '../../src/components/community/JoinNowTabs.tsx';
import type { CommunitySectionKey } from '../../src/components/community/community-page.ts';
import type { KitSectionKey } from '../../src/components/kit/kit-page.ts';
import { KitPageBody } from '../../src/components/kit/KitPageBody.tsx';
import { preparePage, type PageRefusals, type PreparedPage, type PreviewTarget } from './prepare-page.ts';
import { RefusalNote } from './RefusalNote.tsx';

export interface PagePreviewProps {
  /** The content as the owner is writing it (previewContent's last result). */
  content: PreviewContent;
  /** The page to draw: `/`, `/community`, a campaign page's address, or a split test's variant of one. */
  target: PreviewTarget;
  /** Each image path's picture: the owner's uploads (saved or not) as they are. */
  pictures: PictureResolver;
  /** The site's settings the page takes (the sign-up link, the newsletter's form, the year). */
  settings: PageSettings;
}

/**
 * Each section's marks, above it (so the page's own markup stays as built): an empty place to
 * scroll to (the section the owner is editing), then its refusals, if any.
 */
function notesOf<K extends string>(keys: readonly K[], { sections }: PageRefusals<K>): Record<K, ReactNode> {
  return Object.fromEntries(
    keys.map((section) => {
      const refusals: Refusal[] | undefined = sections[section];
      return [
        section,
        <Fragment key={section}>
          <div data-preview-part={section} />
          {refusals && <RefusalNote refusals={refusals} />}
        </Fragment>,
      ];
    }),
  ) as Record<K, ReactNode>;
}

/** A prepared page's body: the page's own, its widgets as they are (live, not islands). */
function PageBody({ page }: { page: Exclude<PreparedPage, { path: undefined }> }) {
  if (page.path === '/') {
    const keys = [...(Object.keys(page.parts.sections) as KitSectionKey[]), 'footer' as const];
    return <KitPageBody {...page.parts} notes={notesOf(keys, page.refusals)} />;
  }
  const { body, islands } = page.parts;
  // Both newsletter bands are the one part `newsletter` of the page's file.
  const keys = [
    ...new Set(
      Object.keys(body.sections).map((key) =>
        key === 'newsletterTop' || key === 'newsletterBottom' ? 'newsletter' : key,
      ),
    ),
    'footer',
  ] as CommunitySectionKey[];
  return (
    <CommunityPageBody
      {...body}
      notes={notesOf(keys, page.refusals)}
      featureCarousel={<FeatureCarousel {...islands.featureCarousel} />}
      dashboardPreview={islands.dashboardPreview && <DashboardPreview {...islands.dashboardPreview} />}
      joinNowTabs={islands.joinNowTabs && <JoinNowTabs {...islands.joinNowTabs} />}
    />
  );
}

/** The latest page prepared from the props; the one before stays drawn while the next is made. */
function usePreparedPage({ content, target, pictures, settings }: PagePreviewProps) {
  const [page, setPage] = useState<PreparedPage>();
  const { path, variant } = target;
  const experiment = variant?.experiment;
  const variantId = variant?.variant;
  useEffect(() => {
    let current = true;
    const chosen = experiment && variantId ? { experiment, variant: variantId } : undefined;
    void preparePage(content, { path, variant: chosen }, pictures, settings).then(
      (prepared) => current && setPage(prepared),
      (error: unknown) =>
        current &&
        setPage({
          path: undefined,
          problem: `The preview could not draw the page: ${String(error)}`,
          refusals: [],
        }),
    );
    return () => {
      current = false;
    };
  }, [content, path, experiment, variantId, pictures, settings]);
  return page;
}

/**
 * The live preview of one page: drawn by the page's own body from the owner's content as they
 * write it, each refused section drawn with its last good words under a mark giving the refusal.
 * The widgets are live React (no islands); no analytics, no reveal, nothing fetched but the
 * pictures `pictures` gives.
 */
export function PagePreview(props: PagePreviewProps) {
  const page = usePreparedPage(props);
  if (!page) return <p role="status">Drawing the page…</p>;
  if (page.path === undefined) {
    return (
      <div role="alert">
        <p>{page.problem}</p>
        {page.refusals.length > 0 && <RefusalNote refusals={page.refusals} />}
      </div>
    );
  }
  return (
    <>
      {page.refusals.page.length > 0 && <RefusalNote refusals={page.refusals.page} />}
      <PageBody page={page} />
    </>
  );
}
