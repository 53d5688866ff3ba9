/**
 * The editor's credentials at rest: one file committed to the site's repository by the setup
 * (CREDENTIALS_FILE), its repository and app slug in clear (the build needs them for the editor's
 * app; GitHub shows both to anyone who may see the repository), everything else sealed with the
 * setup code (./seal.ts). The visitors' build never reads it (it is outside src/ and public/).
 */
import { type CredentialsFile } from '../../../runtime/editor.ts';
import { seal, unseal } from './seal.ts';

const PURPOSE = 'editor credentials';

/** What is sealed: the app's sign-in pair and key, and the editor's session secret. */
export interface SealedSecrets {
  appId: number;
  clientId: string;
  clientSecret: string;
  /** Keystatic's secret for the session's refresh token (48 random bytes, base64url). */
  secret: string;
  /** The app's private key (PKCS#8, base64url), for its own token (the checklist's reads). */
  key: string;
}

export async function credentialsFile(repo: string, appSlug: string, secrets: SealedSecrets, code: string) {
  const file: CredentialsFile = {
    about:
      "The site editor's GitHub App, sealed with the site's setup code (EDITOR_SETUP_CODE): see docs/deploying.md.",
    repo,
    appSlug,
    sealed: await seal(secrets, code, PURPOSE),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The sealed part opened with `code`, or null when the code is not the one it was sealed with. */
export const openCredentials = (file: CredentialsFile, code: string): Promise<SealedSecrets | null> =>
  unseal<SealedSecrets>(file.sealed, code, PURPOSE);
