/**
 * Keystatic's app links Inter from Google Fonts in its page: a request to a third party from the
 * owner's browser each time the editor opens, which the hosted editor's policy would refuse too.
 * The link is taken out of Keystatic's code as it is bundled (the hosted editor's build, and the
 * local editor's dev server, which pre-bundles it), and the editor draws Inter from our own copy
 * (editor/app/page.ts). A Keystatic that no longer has the link stops the bundling, so this is
 * looked at again rather than silently doing nothing.
 */
const KEYSTATIC_UI = /@keystatic[\\/]core[\\/]dist[\\/]keystatic-core-ui\.js$/;
const GOOGLE_FONTS_LINK =
  /\/\*#__PURE__\*\/jsx\("link", \{\s*href: "https:\/\/fonts\.googleapis\.com\/[^"]*",\s*rel: "stylesheet"\s*\}\)/;

/** A Vite (and Rolldown) plugin taking the link out of Keystatic's app. */
export function withoutGoogleFonts() {
  return {
    name: 'editor-without-google-fonts',
    transform(code: string, id: string) {
      if (!KEYSTATIC_UI.test(id)) return undefined;
      if (!GOOGLE_FONTS_LINK.test(code))
        throw new Error(`${id}: Keystatic's Google Fonts link was not found; check the editor's fonts.`);
      return { code: code.replace(GOOGLE_FONTS_LINK, 'null'), map: null };
    },
  };
}
