/**
 * The editor's campaign pages: the name field (its address is the file's name: Podcast is
 * /podcast), refused when the site or a host already answers that address or it is not lower-case
 * letters, digits and hyphens; the words of the page, once its base page is chosen only that
 * page's, each showing the base page's own words while empty; and the rules across the form's
 * fields (words and hidden sections only of the base page), checked by the build's own functions,
 * so a Save the build would refuse is refused here, in the same words. A page made links to its
 * live preview and to its address on the site.
 *
 * Keystatic checks each field alone, in the form's order (the base page, the words, the hidden
 * sections): those fields note their values as they are checked, and a field after them, which
 * holds and writes nothing, runs the rules over what was noted and refuses the Save. Keystatic
 * gives each field its own value only: the base page's field tells the words' fields which page
 * it is as it shows.
 */
import { fields, type BasicFormField, type ComponentSchema, type FormFieldInputProps } from '@keystatic/core';
import { Text } from '@keystar/ui/typography';
import { useSyncExternalStore, type ReactNode } from 'react';
import { PREVIEW_PAGE } from '../../runtime/editor.ts';
import { DEFAULT_SITE_URL } from '../../runtime/settings.ts';
import { absoluteUrl, site } from '../../src/config/site.ts';
import { isPagePath, PAGE_PATHS, type PagePath } from '../../src/content/pages.ts';
import { campaignProblems, type CampaignBase } from '../../src/content/schemas/campaigns.ts';
import { around } from './fields.tsx';
import { noting, onFormCheck, recordProblem } from './save-problems.tsx';
import { OfferedOn } from './split-test-form.tsx';
import { hostedEditor } from './storage.ts';

const WHERE = 'Campaign page';
const ADDRESS = 'Address';

type Slug = { name: string; slug: string };

/** The address made from a page's name: Spring sale is spring-sale. */
export const addressOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const base = fields.slug({
  name: {
    label: 'Name',
    description: 'What the page is for (Podcast, Spring sale); its address is made from it.',
    validation: { isRequired: true },
  },
  slug: {
    label: ADDRESS,
    description:
      'The page is at this address after your site’s name (podcast: /podcast). Lower-case letters, digits and hyphens.',
    generate: addressOf,
  },
});

/** Where the editor shows a page while it is edited (its live preview). */
export const livePreviewOf = (address: string) => `${PREVIEW_PAGE}?page=${address}`;

/** The campaign page whose form is open, by its saved address (`/podcast`); none on a new page's form. */
function savedAddress(): string | undefined {
  const match = /\/keystatic\/collection\/campaigns\/item\/([^/?#]+)/.exec(location.pathname);
  return match ? `/${decodeURIComponent(match[1]!)}` : undefined;
}

/**
 * Links to a made page, under its name: its live preview, which draws it now with the words as
 * saved (the editor's server serves no page of the site), and its address on the site, where it
 * answers once published.
 */
function PageLinks({ address }: { address: string }) {
  const onTheSite = absoluteUrl(address);
  // `npm run edit` without the site's address set: the placeholder would be the editor's own port.
  const known = hostedEditor !== undefined || stripSlash(site.siteUrl) !== stripSlash(DEFAULT_SITE_URL);
  return (
    <Text size="small" UNSAFE_style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', marginTop: 8 }}>
      <a href={livePreviewOf(address)} target="_blank" rel="noreferrer">
        {`Live preview of ${address}`}
      </a>
      <span>
        On the site once published:{' '}
        {known ? (
          <a href={onTheSite} target="_blank" rel="noreferrer">
            {onTheSite}
          </a>
        ) : (
          `${address} of your site’s address (PUBLIC_SITE_URL names it)`
        )}
      </span>
    </Text>
  );
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The page's name and address (the file's name), refused as the build refuses it: `problem` is
 * campaign-names.ts's check, handed in by config.ts (the site's code may
 * not read the hosts' paths itself).
 */
export function campaignName(problem: (name: string) => string | undefined): typeof base {
  const addressProblem = (value: Slug) => {
    const found = value.slug ? problem(value.slug) : undefined;
    return found === undefined ? undefined : `${ADDRESS}: ${found}`;
  };
  function NameInput(props: FormFieldInputProps<Slug>) {
    const Base = base.Input as (props: FormFieldInputProps<Slug> & { defaultValue?: Slug }) => ReactNode;
    const found = addressProblem(props.value);
    const address = savedAddress();
    // A new page's address follows its name, as long as it is the one made from it. Keystatic
    // decides so once, as the field opens, from whether it holds its default: a draft it brings
    // back (a Create refused, the page left) does not, and its address then stayed as it was.
    const follows = !address && props.value.slug === addressOf(props.value.name);
    return (
      <div>
        <Base {...props} {...(follows && { defaultValue: props.value })} />
        {found && (
          <Text role="alert" color="critical">
            {found}
          </Text>
        )}
        {address && <PageLinks address={address} />}
      </div>
    );
  }
  return {
    ...base,
    Input: NameInput,
    validate(value, extra) {
      const found = addressProblem(value);
      if (found) {
        recordProblem(WHERE, found);
        throw new Error(found);
      }
      return base.validate(value, extra);
    },
  };
}

/** The base page the form shows now: told by its field as it shows, read by the words' fields. */
let shownBase: PagePath = PAGE_PATHS[0];
const listeners = new Set<() => void>();
function tellBase(page: PagePath) {
  if (page === shownBase) return;
  shownBase = page;
  // Told while a field renders: the others render again afterwards.
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}
const useShownBase = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shownBase,
  );

/**
 * A word of the page (`hero.headline`), offered only when the base page has it (or it holds
 * words, which the rules then refuse, so the owner can clear them), showing the base page's own.
 */
function OfTheBase({ name, filled, children }: { name: string; filled: boolean; children: ReactNode }) {
  return (
    <OfferedOn page={useShownBase()} name={name} filled={filled}>
      {children}
    </OfferedOn>
  );
}

/** The campaign page as its fields were last checked. */
const unnoted = () => ({ page: PAGE_PATHS[0], fields: {}, hide: [] });
let noted: { page: CampaignBase; fields: Record<string, string | undefined>; hide: string[] } = unnoted();
onFormCheck(() => {
  noted = unnoted();
});

type Group = ComponentSchema & { kind: 'object' | 'array'; fields?: Record<string, ComponentSchema> };

/** The form's fields, those the rules read noting their values as Keystatic checks them. */
export function notedCampaignFields(form: Record<string, ComponentSchema>): Record<string, ComponentSchema> {
  const words = form['fields'] as Group;
  const hide = form['hide'] as Group & { element: ComponentSchema };
  return {
    ...form,
    page: around(
      noting(
        form['page'],
        (value) => {
          noted.page = isPagePath(value) ? value : PAGE_PATHS[0];
        },
        'campaign page',
      ),
      (input, { value }) => {
        tellBase(isPagePath(value) ? value : PAGE_PATHS[0]);
        return input;
      },
    ),
    fields: {
      ...words,
      fields: Object.fromEntries(
        Object.entries(words.fields ?? {}).map(([key, field]) => [
          key,
          around(
            noting(
              field,
              (value) => {
                noted.fields[key] = typeof value === 'string' && value.trim() !== '' ? value : undefined;
              },
              'campaign page',
            ),
            (input, { value }) => (
              <OfTheBase name={key} filled={typeof value === 'string' && value.trim() !== ''}>
                {input}
              </OfTheBase>
            ),
          ),
        ]),
      ),
    } as ComponentSchema,
    hide: {
      ...hide,
      element: noting(hide.element, (value) => noted.hide.push(String(value)), 'campaign page'),
    } as ComponentSchema,
  };
}

/** The field after the others that runs the rules over the noted values; it holds and writes nothing. */
export const campaignRules: BasicFormField<null> = {
  kind: 'form',
  label: 'Rules across the campaign page',
  // Its refusals are listed with the others at the top of the form (save-problems.tsx).
  Input: () => null,
  defaultValue: () => null,
  parse: () => null,
  serialize: () => ({ value: undefined }),
  validate(value) {
    const lines = campaignProblems(noted).map(({ path, message }) => `${path.join('.')}: ${message}`);
    for (const line of lines) recordProblem(WHERE, line);
    if (lines.length > 0) throw new Error(lines.join('; '));
    return value;
  },
  reader: { parse: () => null },
};
