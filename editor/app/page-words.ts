/**
 * The pages' own words, as the editor opens, for the places where the code's names would
 * otherwise show: a section as the owner titled it ("The return", from the section's eyebrow or
 * heading) with the name the page's form gives it ("Return on investment"), a field's current
 * words ("If your business had a bad month…"), a page by what it is ("the kit page (/)"). The
 * results view names what the analytics counted by them; the campaign page's form shows its base
 * page's words in its empty fields.
 */
import { parse } from 'yaml';
import type { EditorField } from '../../src/content/fields.ts';
import { isPagePath, PAGES, type PagePath } from '../../src/content/pages.ts';
import { campaignBasesOf } from '../../src/content/schemas/campaigns.ts';
import { testable } from '../../src/content/schemas/experiments.ts';
import { openingCampaigns, openingFigures, openingText, printed } from './opening-content.ts';

type Words = Record<string, Record<string, unknown> | undefined>;

/** A page's data file as the editor opened it (empty when it does not parse: the build says why). */
function pageData(page: PagePath): Words {
  try {
    return (parse(openingText(PAGES[page].name)) as Words | null) ?? {};
  } catch {
    return {};
  }
}

/** The campaign pages as the editor opened, each address with its base page. */
const campaignBases = () => campaignBasesOf(openingCampaigns());

/** The page whose words a page at `address` shows: itself, or a campaign page's base page. */
export function basePage(address: string): PagePath | undefined {
  return isPagePath(address) ? address : campaignBases()[address];
}

/** A field of a page's words (`hero.headline`) by its label in the page's form: "Hero → Headline". */
export function fieldInWords(address: string, key: string): string {
  const page = basePage(address);
  return (page && testable[page].find((field) => field.key === key)?.label) || key;
}

/** The words of the field `key` ("hero.headline") on the page `page`, as the page prints them. */
export function currentWords(page: PagePath, key: string): string | undefined {
  const [section, field] = key.split('.') as [string, string];
  const words = pageData(page)[section]?.[field];
  return typeof words === 'string' && words.trim() !== '' ? printed(words, openingFigures()) : undefined;
}

/**
 * A page's address in words: "the kit page (/)", "the campaign page /podcast (on the kit page)";
 * with `start`, capitalized to start a sentence or a heading.
 */
export function pageInWords(address: string, start = false): string {
  const base = basePage(address);
  const words = isPagePath(address)
    ? `${PAGES[address].label} (${address})`
    : `the campaign page ${address}${base ? ` (on ${PAGES[base].label})` : ''}`;
  return start ? words.charAt(0).toUpperCase() + words.slice(1) : words;
}

/**
 * The sections whose id on the page is not their key in the file, written with dashes
 * (cashFlowMachine is #cash-flow-machine): each page's layout (src/layouts/) and components set them.
 */
const SECTION_KEYS: Record<PagePath, Record<string, string>> = {
  '/': { 'kit-intro': 'intro', community: 'communityPitch' },
  '/community': { cta: 'finalCta', 'newsletter-top': 'newsletter', 'newsletter-bottom': 'newsletter' },
};
/** Places a call to action sits that are no section of the file. */
const PLACES: Record<string, string> = { nav: 'Top bar' };

const dashed = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const LONGEST = 60;
const shortened = (text: string) =>
  text.length > LONGEST ? `${text.slice(0, LONGEST - 1).trimEnd()}…` : text;

/**
 * A section of the page at `address`, named by the analytics as its id on the page (`final-cta`),
 * in the page's words: its eyebrow or heading as the owner wrote it, and the name its form gives
 * it: `“Know your risks by Friday.” (Final call to action)`. A name the page does not know
 * stays as it came.
 */
export function sectionInWords(address: string, id: string): string {
  const page = basePage(address);
  if (!page) return id;
  if (PLACES[id]) return PLACES[id];
  const fields = (PAGES[page].schema.editor as Extract<EditorField, { kind: 'object' }>).fields;
  const key = SECTION_KEYS[page][id] ?? Object.keys(fields).find((name) => dashed(name) === id);
  const form = key ? fields[key] : undefined;
  if (!key || !form) return id;
  const words = pageData(page)[key] ?? {};
  const own = [words['eyebrow'], words['title'], words['headline']].find(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  return own ? `“${shortened(printed(own, openingFigures()))}” (${form.label})` : form.label;
}
