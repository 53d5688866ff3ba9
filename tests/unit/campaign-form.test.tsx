/**
 * The campaign page's form (editor/app/campaign-fields.tsx) as the owner works it: once the base
 * page is chosen it offers only that page's words, each empty box showing the base page's own
 * words ("as on /: …"); a word the other page has shows only while it holds words (so the owner
 * can clear what Create would refuse); a new page's address follows its name, a draft Keystatic
 * brings back too; a made page's form links to its live preview and to its address on the site. Its fields are
 * the editor's own (editor/app/config.ts), drawn with Keystatic's browser build; the words
 * expected come from src/content/. tests/editor/campaign-form.spec.ts drives the same form in
 * the editor.
 */
import { KeystarProvider } from '@keystar/ui/core';
import type { BasicFormField, ComponentSchema } from '@keystatic/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The editor's page carries the owner's data, whose words the boxes show: first, then the config.
import '../support/editor-opening.ts';
import { absoluteUrl } from '../../src/config/site.ts';
import { PAGES, type PagePath } from '../../src/content/pages.ts';
import { testable } from '../../src/content/schemas/experiments.ts';
import keystaticConfig from '../../editor/app/config.ts';
import { siteContent } from '../../harness/site-content.ts';

// The fields' inputs as the browser draws them (Node's build of Keystatic has none).
vi.mock('@keystatic/core', () => import('../../node_modules/@keystatic/core/dist/keystatic-core.js'));

type Input<T extends NonNullable<unknown> | null> = BasicFormField<T>['Input'];
const schema = keystaticConfig.collections!['campaigns']!.schema as Record<string, ComponentSchema>;
const PageInput = (schema['page'] as unknown as BasicFormField<string>).Input;
const words = (schema['fields'] as unknown as { fields: Record<string, BasicFormField<string>> }).fields;
const NameInput = (schema['name'] as unknown as BasicFormField<{ name: string; slug: string }>).Input;

const ignore = () => {};
const common = { autoFocus: false, forceValidation: false } as const;

/** The form's base page and words, drawn as Keystatic draws them (each field with its own value). */
function Form({ page, filled = {} }: { page: PagePath; filled?: Record<string, string> }) {
  const Page = PageInput as Input<string>;
  return (
    <KeystarProvider>
      <Page value={page} onChange={ignore} {...common} />
      {Object.entries(words).map(([key, field]) => {
        const Word = field.Input as Input<string>;
        return <Word key={key} value={filled[key] ?? ''} onChange={ignore} {...common} />;
      })}
    </KeystarProvider>
  );
}

/** A word of `page` as the page shows it (figures written out), from the owner's content. */
function shownWords(page: PagePath, key: string): string {
  const [section, field] = key.split('.') as [string, string];
  const data = siteContent[PAGES[page].name] as unknown as Record<string, Record<string, string>>;
  return data[section]![field]!;
}

/** The word boxes the form shows, by their labels (read at once: asking a role for each is slow). */
const offered = (): Map<string, HTMLElement> =>
  new Map(
    [...document.querySelectorAll<HTMLElement>('input[type="text"], textarea')].map((box) => {
      const label = document.getElementById(box.getAttribute('aria-labelledby')!.split(' ')[0]!);
      return [label!.textContent!, box];
    }),
  );

afterEach(() => history.replaceState(null, '', '/'));

// Each test draws the whole form (near sixty fields): seconds in a DOM of its own on a busy machine.
describe('the campaign page’s words', { timeout: 60_000 }, () => {
  it.each(Object.keys(PAGES) as PagePath[])(
    'based on %s: only that page’s fields, each showing its words on the base page',
    async (page) => {
      const { rerender } = render(<Form page={page === '/' ? '/community' : '/'} />);
      rerender(<Form page={page} />);
      const own = testable[page];
      await vi.waitFor(() => expect(offered().size).toBe(own.length));
      const boxes = offered();
      for (const { key } of own)
        expect(boxes.get(words[key]!.label ?? key)).toHaveAttribute(
          'placeholder',
          `as on ${page}: ${shownWords(page, key)}`,
        );
    },
  );

  it('still shows a word of the other page while it holds words, so the owner can clear it', async () => {
    const other = testable['/community'].find(({ key }) => !testable['/'].some((kit) => kit.key === key))!;
    render(<Form page="/" filled={{ [other.key]: 'Words left from the community page' }} />);
    await vi.waitFor(() => expect(offered().size).toBe(testable['/'].length + 1));
    expect(offered().get(words[other.key]!.label ?? other.key)).toHaveValue(
      'Words left from the community page',
    );
  });
});

describe('the campaign page’s name and address', () => {
  const Name = NameInput as Input<{ name: string; slug: string }>;

  it('on a new page’s form, a draft brought back keeps its address following its name', () => {
    history.replaceState(null, '', '/keystatic/collection/campaigns/create');
    const onChange = vi.fn();
    // A refused Create's draft, brought back: not the field's default, its address made from its name.
    render(
      <KeystarProvider>
        <Name value={{ name: 'Community', slug: 'community' }} onChange={onChange} {...common} />
      </KeystarProvider>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Spring sale' } });
    expect(onChange).toHaveBeenLastCalledWith({ name: 'Spring sale', slug: 'spring-sale' });
  });

  it('a made page’s form links to its live preview and says its address on the site', () => {
    history.replaceState(null, '', '/keystatic/collection/campaigns/item/podcast');
    render(
      <KeystarProvider>
        <Name value={{ name: 'Podcast', slug: 'podcast' }} onChange={ignore} {...common} />
      </KeystarProvider>,
    );
    expect(screen.getByRole('link', { name: 'Live preview of /podcast' })).toHaveAttribute(
      'href',
      '/keystatic/preview?page=/podcast',
    );
    // The editor's server serves no page of the site, and with the site's address not set
    // (PUBLIC_SITE_URL, as here) its placeholder would be the editor's own port: the address is
    // said, not linked, so the owner never follows a link that answers 404.
    expect(screen.queryByRole('link', { name: absoluteUrl('/podcast') })).toBeNull();
    expect(screen.getByText(/\/podcast of your site’s address \(PUBLIC_SITE_URL names it\)/)).toBeVisible();
  });
});
