/**
 * The first screen's own style rules (those that can match an element of it, at every width), and
 * the inline rules that hold the rest of the page back until the whole stylesheet applies.
 */
import type { AtRule, Root, Rule } from 'postcss';
import postcss from 'postcss';
import { selectOne } from 'css-select';
import { parseDocument } from 'htmlparser2';
import { FIRST_SCREEN_ONLY, LATE_FONTS, SHOW_ANYWAY_MS } from '../../src/lib/first-screen-loader.ts';
import { FIRST_SCREEN_END, firstScreenOf, LATER } from './sections.ts';

/** The order in which the stylesheet first names its cascade layers (the order they apply in). */
export function layerOrder(css: string): string[] {
  const names: string[] = [];
  for (const [, list] of css.matchAll(/@layer\s+([\w-]+(?:\s*,\s*[\w-]+)*)\s*[{;]/g))
    for (const name of list!.split(',').map((part) => part.trim()))
      if (!names.includes(name)) names.push(name);
  return names;
}

/** Pseudo-classes that hold in a document at rest: a selector keeps them when it is matched. */
const STRUCTURAL = new Set(
  'not is where has root empty first-child last-child only-child first-of-type last-of-type only-of-type nth-child nth-last-child nth-of-type nth-last-of-type'.split(
    ' ',
  ),
);

/**
 * The selector as it can match the document at rest: pseudo-elements stand for their element,
 * and states (hover, focus, checked, open...) are taken as possible. Structural pseudo-classes stay.
 */
export function atRest(selector: string): string {
  const out = selector.replace(
    /(?<!\\)::?(-?[a-zA-Z][\w-]*)(\((?:[^()]|\([^()]*\))*\))?/g,
    (whole, name: string) => (whole.startsWith('::') || !STRUCTURAL.has(name.toLowerCase()) ? '' : whole),
  );
  // A compound left empty (`:focus-visible`, `> ::after`) is any element.
  return out
    .replace(/\s*([>+~,])\s*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|[>+~(,])(?=$|[>+~),])/g, '$1*');
}

/** Whether a rule's selector can match an element of the document (kept, to be safe, when it cannot be read). */
function matchesAny(selector: string, document: ReturnType<typeof parseDocument>): boolean {
  try {
    return selectOne(atRest(selector), document) !== null;
  } catch {
    return true;
  }
}

const CUSTOM_PROPERTY = /--[\w-]+/g;
const declaresTheme = (rule: Rule) => rule.selectors.every((selector) => /^(:root|:host)$/.test(selector));

/**
 * What the kept rules do not use goes too: the custom properties the theme declares on :root,
 * their registrations (@property) and their defaults for engines without registration, and
 * keyframes no kept animation names. A property the page's own markup sets or reads counts as used.
 */
function pruneUnused(root: Root, html: string): void {
  const isDefaults = (node: Rule) =>
    node.parent?.parent?.type === 'atrule' &&
    /^properties$/.test(((node.parent.parent as AtRule).params ?? '').trim());
  const markup = html.replace(/<(style|script)\b[^>]*>[\s\S]*?<\/\1>/g, '');
  const used = new Set(markup.match(CUSTOM_PROPERTY) ?? []);
  const animations = new Set<string>();
  const themeValues = new Map<string, string>();
  root.walkDecls((decl) => {
    // Descriptors of @property and @font-face name nothing a rule uses.
    if (decl.parent?.type !== 'rule') return;
    const rule = decl.parent as Rule;
    if (declaresTheme(rule) && decl.prop.startsWith('--')) {
      themeValues.set(decl.prop, `${themeValues.get(decl.prop) ?? ''} ${decl.value}`);
      return;
    }
    if (isDefaults(rule)) return;
    for (const name of `${decl.prop} ${decl.value}`.match(CUSTOM_PROPERTY) ?? []) used.add(name);
    if (/^animation(-name)?$/.test(decl.prop))
      for (const word of decl.value.split(/[\s,]+/)) animations.add(word);
  });
  // A theme property used may name others.
  for (let grew = true; grew;) {
    grew = false;
    for (const name of [...used])
      for (const other of themeValues.get(name)?.match(CUSTOM_PROPERTY) ?? [])
        if (!used.has(other)) {
          used.add(other);
          grew = true;
        }
  }
  root.walkDecls((decl) => {
    const rule = decl.parent as Rule | undefined;
    if (!decl.prop.startsWith('--') || rule?.type !== 'rule') return;
    if ((declaresTheme(rule) || isDefaults(rule)) && !used.has(decl.prop)) decl.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.name === 'property' && !used.has(atRule.params.trim())) atRule.remove();
    if (/keyframes$/.test(atRule.name) && !animations.has(atRule.params.trim())) atRule.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
}

/**
 * The rules of `css` that the first screen of `html` draws with, at every width: a rule stays when
 * one of its selectors can match an element there (in any state), with the at-rules around it;
 * font faces, registered properties, keyframes and layer statements always stay. The layers are
 * declared first, in the whole stylesheet's order, so the rules apply in the same order once the
 * whole stylesheet arrives.
 */
export function firstScreenCss(html: string, css: string): string {
  const firstScreen = firstScreenOf(html);
  const document = parseDocument(firstScreen);
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return;
    if (!rule.selectors.some((selector) => matchesAny(selector, document))) rule.remove();
  });
  pruneUnused(root, firstScreen);
  // At-rules left empty go, innermost first.
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  root.walkComments((comment) => {
    comment.remove();
  });
  const layers = layerOrder(css);
  return `${layers.length > 0 ? `@layer ${layers.join(',')};` : ''}${root.toString()}`;
}

/**
 * For each web font the page declares (`--font-x: Face, "Face fallback: …", …` beside its
 * @font-face), a rule that keeps its text in the fallback once the loader has found the face late
 * (LATE_FONTS names it).
 */
export function lateFontRules(html: string): string {
  return [...html.matchAll(/--(font-[\w-]+):([^;}]+)/g)]
    .map(([, name, value]) => {
      const [face, ...fallbacks] = value!.split(',').map((part) => part.trim());
      if (!face || !fallbacks[0]?.includes(' fallback: ')) return '';
      return `html[${LATE_FONTS}~="${face.replace(/["']/g, '')}"]{--${name}:${fallbacks.join(',')}}`;
    })
    .join('');
}

/** The height a part below the first screen is taken to have before it is laid out: about a phone's screen. */
const LATER_HEIGHT = '800px';

/** The name of the animation that shows what lies below the first screen should the loader never run. */
const SHOWN_ANYWAY = 'first-screen-shown';

/**
 * Until the whole stylesheet applies (the loader then takes FIRST_SCREEN_ONLY off the root), what
 * lies below the first screen is neither shown unstyled nor allowed to widen the page. The class
 * is in the markup, so the rule holds from the first paint; only where scripts run (without them
 * the <noscript> link styles the page), and for SHOW_ANYWAY_MS at most, should the loader not come.
 *
 * Meanwhile the browser does not lay it out either (`content-visibility: auto`; each part counts
 * as LATER_HEIGHT tall until it nears the screen): the first paint no longer waits for a layout of
 * the whole page's markup, most of it without its styles yet. Once the stylesheet applies, the
 * rule goes with the class, and the page is laid out as it always was.
 */
export const HIDE_LATER =
  `@media (scripting:enabled){.${FIRST_SCREEN_ONLY} [${LATER}]{visibility:hidden;overflow:clip;` +
  `content-visibility:auto;contain-intrinsic-size:auto ${LATER_HEIGHT};` +
  `animation:${SHOWN_ANYWAY} 0s ${SHOW_ANYWAY_MS}ms forwards}}@keyframes ${SHOWN_ANYWAY}{to{visibility:visible}}`;

/**
 * Until the first screen's last element is parsed (its end marked by markFirstScreenEnd), what its
 * sections hold is not shown; the sections themselves, their backgrounds, and the nav above are.
 * Chromium paints a page it has only partly parsed when its parser is slow (a busy phone) or the
 * markup stalls: the hero, centred in its window-tall section, was then drawn with half its words
 * and moved up as the rest came, a layout shift the visitor sees. Content that appears is no
 * shift, and nothing waits to be painted: on a page parsed at once it changes nothing. An engine
 * without `:has()` drops the rule and shows the page as it comes.
 */
export const FIRST_SCREEN_WHOLE = `main:not(:has(#${FIRST_SCREEN_END}))>*>*{visibility:hidden}`;
