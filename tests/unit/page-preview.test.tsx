/**
 * The live preview as the owner sees it (editor/preview/PagePreview.tsx): a refused value
 * keeps its section drawn with the last good words under a mark giving the refusal; a figure
 * changed in the offer shows in the page; a hidden section leaves it; an unsaved upload shows as
 * the resolver gives it; the community page's widgets work. Every word expected is read from
 * src/content/ (the saved files, then the owner's draft made from them).
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { parse, stringify } from 'yaml';
import { PagePreview } from '../../editor/preview/PagePreview.tsx';
import type { PreviewTarget } from '../../editor/preview/prepare-page.ts';
import { describeField } from '../../src/content/field-labels.ts';
import { OFFICE_PHOTO, type PictureResolver } from '../../src/content/pictures.ts';
import { previewContent, type PreviewContent } from '../../editor/preview/preview-content.ts';
import { contentPath, type ContentName } from '../../src/content/schemas.ts';
import { formatUsd } from '../../src/lib/figure-tokens.ts';
import { pageSettings } from '../../src/lib/site-links.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';
import { readDataFiles } from '../support/data-files.ts';
import { siteContent } from '../../harness/site-content.ts';

type Yaml = Record<string, Record<string, unknown>>;

const saved = readDataFiles(PROJECT_ROOT);
const first = previewContent(saved);
const settings = pageSettings();

/** Each image as a blob of the owner's, as the editor's resolver gives an unsaved upload. */
const asBlob: PictureResolver = (path) => ({
  sources: [],
  src: `blob:${path}`,
  width: 1600,
  height: 900,
  alt: '',
  sizes: '',
});

/** The preview after the owner's draft: `name`'s data changed by `edit`. */
function draft(edits: Partial<Record<ContentName, (data: Yaml) => void>>): PreviewContent {
  const files = new Map(saved);
  for (const [name, edit] of Object.entries(edits) as [ContentName, (data: Yaml) => void][]) {
    const data = parse(files.get(contentPath(name))!) as Yaml;
    edit(data);
    files.set(contentPath(name), stringify(data));
  }
  return previewContent(files, first);
}

async function drawn(content: PreviewContent, target: PreviewTarget = { path: '/' }, pictures = asBlob) {
  const view = render(
    <PagePreview content={content} target={target} pictures={pictures} settings={settings} />,
  );
  await screen.findByRole('main');
  return view;
}

describe('the live preview', () => {
  it('draws a refused section with its last good words under a mark giving the refusal', async () => {
    await drawn(draft({ kit: (kit) => void (kit['hero']!['headline'] = '') }));
    const note = screen.getByRole('note', { name: 'Not shown yet' });
    expect(note).toHaveTextContent(`Not shown yet: ${describeField('kit', ['hero', 'headline'])}: `);
    expect(note).toHaveTextContent('The preview shows the last good words.');
    // At the top of the hero, which still reads as saved.
    const hero = note.nextElementSibling!;
    expect(within(hero as HTMLElement).getByRole('heading', { level: 1 })).toHaveTextContent(
      siteContent.kit.hero.headline,
    );
    expect(screen.getAllByRole('note')).toHaveLength(1);
  });

  it('shows a figure changed in Prices and figures where the page quotes it, and the last good figures while one is refused', async () => {
    const changed = siteContent.offer.kit.price * 2 + 3;
    const { unmount } = await drawn(draft({ offer: (offer) => void (offer['kit']!['price'] = changed) }));
    const roi = document.getElementById('roi')!;
    expect(within(roi).getByRole('heading', { level: 3 })).toHaveTextContent(formatUsd(changed));
    expect(document.getElementById('main')).not.toHaveTextContent(formatUsd(siteContent.offer.kit.price));
    unmount();

    await drawn(draft({ offer: (offer) => void (offer['kit']!['price'] = 'abc') }));
    const price = within(document.getElementById('roi')!).getByRole('heading', { level: 3 });
    expect(price).toHaveTextContent(formatUsd(siteContent.offer.kit.price));
    const note = screen.getByRole('note', { name: 'Not shown yet' });
    expect(note).toHaveTextContent(describeField('offer', ['kit', 'price']));
    expect(note).toHaveTextContent('The preview shows the last good figures.');
    // At the page's top: the offer feeds every section.
    expect(note.compareDocumentPosition(document.getElementById('main')!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('leaves a hidden section out, and marks a refusal in it at the page’s top', async () => {
    await drawn(
      draft({
        kit: (kit) => {
          kit['bundles']!['hidden'] = true;
          kit['bundles']!['title'] = '';
        },
      }),
    );
    expect(document.getElementById('bundles')).toBeNull();
    expect(screen.queryByText(siteContent.kit.bundles.title)).toBeNull();
    const note = screen.getByRole('note', { name: 'Not shown yet' });
    expect(note).toHaveTextContent(describeField('kit', ['bundles', 'title']));
    expect(note.compareDocumentPosition(document.getElementById('main')!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('shows the owner’s uploads as the resolver gives them, with the content’s descriptions', async () => {
    const resolve = vi.fn(asBlob);
    await drawn(first, { path: '/community' }, resolve);
    const office = document.getElementById('virtual-office')!;
    for (const image of siteContent.community.virtualOffice.images) {
      expect(resolve).toHaveBeenCalledWith(image.src, OFFICE_PHOTO);
      expect(within(office).getByRole('img', { name: image.alt })).toHaveAttribute(
        'src',
        `blob:${image.src}`,
      );
    }
  });

  it('draws the community page’s widgets live, and none of a hidden section', async () => {
    const { unmount } = await drawn(first, { path: '/community' });
    const { tabs } = siteContent.community.joinNow;
    const compare = screen.getByRole('tab', { name: tabs.compare });
    expect(compare).toHaveAttribute('aria-selected', 'false');
    fireEvent.click(compare);
    expect(compare).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: tabs.plans })).toHaveAttribute('aria-selected', 'false');
    // Nothing is counted: the page's analytics never start in the preview.
    expect('dataLayer' in window).toBe(false);
    unmount();

    await drawn(draft({ community: (community) => void (community['joinNow']!['hidden'] = true) }), {
      path: '/community',
    });
    expect(document.getElementById('join-now')).toBeNull();
    expect(screen.queryByRole('tab', { name: tabs.compare })).toBeNull();
  });

  it('fetches nothing of another origin: the newsletter’s form stays unloaded', async () => {
    const embedded = { ...settings, newsletterEmbedUrl: 'https://newsletter.example.com/embed' };
    render(
      <PagePreview content={first} target={{ path: '/community' }} pictures={asBlob} settings={embedded} />,
    );
    await screen.findByRole('main');
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.querySelectorAll('[data-newsletter]')).toHaveLength(2);
  });

  it('says so when there is no such page or variant to draw', async () => {
    render(
      <PagePreview
        content={first}
        target={{ path: '/', variant: { experiment: 'no-such-test', variant: 'b' } }}
        pictures={asBlob}
        settings={settings}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('no-such-test');
    expect(screen.queryByRole('main')).toBeNull();
  });
});
