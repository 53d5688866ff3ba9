/**
 * Where the hosted editor's settings come from, on every host: the five variables of a site set up
 * by hand (runtime/editor.ts), which win, or else the credentials the setup page committed
 * (./credentials.ts), opened with the setup code. The build needs only their clear part (the
 * repository and the app's slug, for the editor's app); the API needs them opened.
 */
import {
  CREDENTIALS_FILE,
  readCredentialsFile,
  type CredentialsFile,
  type HostedEditorSettings,
} from '../../../runtime/editor.ts';
import { openCredentials } from './credentials.ts';

/** The editor's state at run time: set up (its settings), waiting for its setup (the code), or off. */
export type EditorState =
  | { kind: 'set-up'; settings: HostedEditorSettings; code: string | undefined }
  | { kind: 'setup'; code: string; repo: string | null }
  | { kind: 'off' };

/** What a host read from its environment for the editor (through runtime/settings.ts). */
export interface EditorInputs {
  /** The five variables' settings, when a site was set up by hand (runtime/editor.ts). */
  variables: HostedEditorSettings | null;
  /** EDITOR_SETUP_CODE, or the code the Node server made. */
  code: string | undefined;
  previewUrl: string | undefined;
  /** The site's repository where the host knows it (`owner/name`). */
  repo: string | null;
}

/**
 * The editor's state from what the host read and the committed credentials (their text, if any).
 * Credentials sealed with another code throw: the editor would fail at sign-in instead.
 */
export async function editorState(
  inputs: EditorInputs,
  credentials: string | undefined,
): Promise<EditorState> {
  const { variables, code, previewUrl, repo } = inputs;
  if (variables) return { kind: 'set-up', settings: variables, code };
  if (!code) return { kind: 'off' };
  const file = credentials === undefined ? null : readCredentialsFile(credentials);
  if (!file) return { kind: 'setup', code, repo };
  return { kind: 'set-up', code, settings: await openedSettings(file, code, previewUrl) };
}

/** The settings the committed credentials hold, opened with `code`. */
export async function openedSettings(
  file: CredentialsFile,
  code: string,
  previewUrl: string | undefined,
): Promise<HostedEditorSettings> {
  const secrets = await openCredentials(file, code);
  if (!secrets)
    throw new Error(
      `${CREDENTIALS_FILE} was sealed with another setup code: set EDITOR_SETUP_CODE to the code used at setup, or set the editor up again at /keystatic/setup.`,
    );
  const { clientId, clientSecret, secret } = secrets;
  return { repo: file.repo, appSlug: file.appSlug, clientId, clientSecret, secret, previewUrl };
}
