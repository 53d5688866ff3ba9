/**
 * The setup's pages: plain HTML, no script, one small style sheet that reads at 375 px as at
 * 1280. Every word is the owner's kind of word; nothing secret is ever written into one.
 */
import { EDITOR_PERMISSIONS, SETUP_PAGE } from './manifest.ts';

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fafafa}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{box-sizing:border-box;width:100%;font:inherit;padding:.6rem;border:1px solid #555;border-radius:.375rem;background:#fff;color:#1a1a1a}
.hint{color:#4a4a4a;font-size:.9375rem;margin:.25rem 0 0}
button,.button{display:inline-block;margin-top:1.25rem;font:inherit;font-weight:600;padding:.7rem 1.1rem;border:0;border-radius:.375rem;background:#1f4fd1;color:#fff;text-decoration:none;cursor:pointer;min-height:44px;box-sizing:border-box}
:focus-visible{outline:3px solid #1f4fd1;outline-offset:2px}
.checklist{list-style:none;padding:0}
.checklist li{border:1px solid #d4d4d4;border-radius:.5rem;padding:.75rem 1rem;margin:.5rem 0;background:#fff}
.done::before{content:"Done: ";font-weight:700;color:#17663a}
.todo::before{content:"To do: ";font-weight:700;color:#8a4b00}
a{color:#1f4fd1}
code{overflow-wrap:anywhere}
`;

/** A whole page: its title as its heading, then `inner` (already escaped HTML). */
export function setupPage(title: string, inner: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${inner}
</main>
</body>
</html>
`;
}

/** The first page: the setup code, and the organisation when the repository is not the owner's own. */
export function codePage(setUp: boolean, repo: string | null): string {
  const intro = setUp
    ? '<p>The editor is already set up. Setting it up again makes a new GitHub App and replaces the stored one: type the setup code to do so, or <a href="/keystatic">open the editor</a>.</p>'
    : `<p>This connects the editor to ${repo ? `<code>${escapeHtml(repo)}</code>` : "the site's repository"} on GitHub. It takes a few minutes and asks you to copy nothing.</p>`;
  return setupPage(
    setUp ? 'Set up the editor again' : "Set up the site's editor",
    `${intro}
<form method="post" action="${SETUP_PAGE}">
<label for="code">Setup code</label>
<input id="code" name="code" type="password" autocomplete="off" required aria-describedby="code-hint">
<p class="hint" id="code-hint">The code you chose when you deployed the site (EDITOR_SETUP_CODE), or, on a server you run yourself, the code it printed once in its log.</p>
<label for="organisation">GitHub organisation (optional)</label>
<input id="organisation" name="organisation" autocomplete="off" aria-describedby="organisation-hint">
<p class="hint" id="organisation-hint">Only if the repository belongs to an organisation: its name, as in github.com/<em>name</em>. Leave it empty for your own account.</p>
<button type="submit">Continue</button>
</form>`,
  );
}

/** What each permission is for, in the owner's words. */
const PERMISSION_WORDS: Record<keyof typeof EDITOR_PERMISSIONS, string> = {
  contents: "save your changes to the site's files",
  pull_requests: 'open and publish your drafts',
  checks: "read whether the site's checks passed",
  statuses: "read the checks' results",
  deployments: "read a draft's preview address",
  metadata: 'see the repository',
  administration: 'read (never change) how main is protected',
};

/** The second page: the manifest in a form that posts it to GitHub when the owner presses the button. */
export function manifestPage(action: string, manifest: string): string {
  const list = Object.entries(PERMISSION_WORDS)
    .map(
      ([name, words]) =>
        `<li>${escapeHtml(words)} (${escapeHtml(name.replace('_', ' '))}: ${EDITOR_PERMISSIONS[name as keyof typeof EDITOR_PERMISSIONS]})</li>`,
    )
    .join('');
  return setupPage(
    "Create the editor's app on GitHub",
    `<p>GitHub shows the app's name (you may change it) and a button, <strong>Create GitHub App</strong>: press it, and GitHub brings you back here. The app may only:</p>
<ul>${list}</ul>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="manifest" value="${escapeHtml(manifest)}">
<button type="submit">Continue to GitHub</button>
</form>`,
  );
}

/** The third page: the app exists; one click installs it. */
export function installPage(slug: string, address: string, repo: string | null): string {
  const where = repo ? `<code>${escapeHtml(repo)}</code>` : "the site's repository";
  return setupPage(
    'Install the app on the site’s repository',
    `<p>GitHub made the app <strong>${escapeHtml(slug)}</strong>. Now let it reach ${where}, and only that: on GitHub choose <strong>Only select repositories</strong>, pick ${where}, and press <strong>Install</strong>.</p>
<p><a class="button" href="${escapeHtml(address)}">Install on GitHub</a></p>`,
  );
}

/** A refusal: what happened, that nothing was stored, and the way back to the start. */
export function refusalPage(title: string, reason: string): string {
  return setupPage(
    title,
    `<p>${escapeHtml(reason)}</p>
<p>Nothing was stored.</p>
<p><a href="${SETUP_PAGE}">Start the setup again</a></p>`,
  );
}

/** One item of the checklist: done, or what to do, in the owner's words (escaped HTML). */
export interface CheckItem {
  done: boolean;
  html: string;
}

/** The last page: set up, and what is left, each item checked. */
export function donePage(repo: string, items: readonly CheckItem[]): string {
  const list = items.map((item) => `<li class="${item.done ? 'done' : 'todo'}">${item.html}</li>`).join('\n');
  return setupPage(
    'The editor is set up',
    `<p>Its app's keys are stored in <code>${escapeHtml(repo)}</code>, sealed with your setup code. The site rebuilds with them now; the editor opens once that build is live (a minute or two on most hosts).</p>
<ul class="checklist">
${list}
</ul>
<p><a class="button" href="/keystatic">Open the editor</a></p>`,
  );
}
