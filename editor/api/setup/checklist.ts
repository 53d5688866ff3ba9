/**
 * The rest of the setup, checked through GitHub's API as the setup ends: where the app reaches,
 * and whether `main` is protected by the gate (the check the editor waits for before it publishes).
 * Each item is done, or says what to do and links to the page where it is done.
 */
import { GATE_CHECK } from '../../app/publish/gate.ts';
import { GitHubRefused, requiredChecks, type InstallationReach } from './github-app.ts';
import { escapeHtml, type CheckItem } from './pages.ts';

const link = (href: string, words: string) => `<a href="${escapeHtml(href)}">${escapeHtml(words)}</a>`;

function reachItem(reach: InstallationReach, repo: string, settings: string): CheckItem {
  const name = `<code>${escapeHtml(repo)}</code>`;
  return reach.all
    ? {
        done: false,
        html: `The app can change every repository of your account, not only ${name}. ${link(settings, "Limit it to the site's repository")} (Only select repositories).`,
      }
    : { done: true, html: `The app reaches ${name} alone.` };
}

async function protectionItem(token: string, repo: string): Promise<CheckItem> {
  const page = `https://github.com/${repo}/settings/branches`;
  const howTo = `On GitHub, add a rule for <code>main</code>: tick <strong>Require status checks to pass</strong> and choose <code>${GATE_CHECK}</code>. ${link(page, 'Open the branch settings')}.`;
  let checks: string[] | null;
  try {
    checks = await requiredChecks(token, repo, 'main');
  } catch (error) {
    if (!(error instanceof GitHubRefused)) throw error;
    return {
      done: false,
      html: `GitHub did not say how <code>main</code> is protected (${escapeHtml(error.message)}). ${howTo}`,
    };
  }
  if (checks?.includes(GATE_CHECK))
    return {
      done: true,
      html: `<code>main</code> is protected: a change is published only once the site's checks (<code>${GATE_CHECK}</code>) pass.`,
    };
  return {
    done: false,
    html: `${checks ? `<code>main</code> is protected, but not by the site's checks.` : `<code>main</code> is not protected: a change could be published with the site's checks failing.`} ${howTo}`,
  };
}

/** The checklist for the repository the app was just installed on. */
export async function checklist(
  reach: InstallationReach,
  repo: string,
  settings: string,
): Promise<CheckItem[]> {
  return [reachItem(reach, repo, settings), await protectionItem(reach.token, repo)];
}
