/**
 * A video's id, as the kit page's players need it, and the addresses owners paste instead: a
 * YouTube id is 11 letters, digits, `-` or `_` (M7lc1UVf-VE); a Vimeo id is a number (76979871).
 */
const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

export function isVideoId(text: string): boolean {
  return YOUTUBE_ID.test(text) || VIMEO_ID.test(text);
}

/**
 * The id inside a YouTube or Vimeo address (watch, share, embed and shorts addresses), or
 * undefined when `text` is not such an address.
 */
export function videoIdFromAddress(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(text.trim()) ? text.trim() : `https://${text.trim()}`);
  } catch {
    return undefined;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtu.be') id = segments[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id =
      url.searchParams.get('v') ??
      (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '') ? segments[1] : undefined);
    if (id && !YOUTUBE_ID.test(id)) id = undefined;
  } else if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    id = segments.find((segment) => VIMEO_ID.test(segment));
  }
  return id && isVideoId(id) ? id : undefined;
}

/** Why `text` is not a video id, or undefined when it is one. */
export function videoIdProblem(text: string): string | undefined {
  if (isVideoId(text)) return undefined;
  if (/[/.]/.test(text)) {
    return videoIdFromAddress(text)
      ? `is the video's address, not its id: write just ${videoIdFromAddress(text)}`
      : 'is not a YouTube or Vimeo address: copy the address from the video’s page (youtube.com/watch?v=…, youtu.be/…, vimeo.com/…)';
  }
  return 'must be a YouTube id (11 letters, digits, - or _, e.g. M7lc1UVf-VE) or a Vimeo id (digits, e.g. 76979871)';
}

/** The host an id can only come from (an 11-digit id could be either: no host then). */
function hostOfId(id: string): 'youtube' | 'vimeo' | undefined {
  const youtube = YOUTUBE_ID.test(id);
  const vimeo = VIMEO_ID.test(id);
  if (youtube === vimeo) return undefined;
  return youtube ? 'youtube' : 'vimeo';
}

const HOST_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

/**
 * Why `id` cannot play on `host` (a YouTube id under Vimeo embeds a broken player), or undefined
 * when it can or cannot be told.
 */
export function videoHostProblem(host: string, id: string): string | undefined {
  const of = hostOfId(id.trim());
  if (of === undefined || of === host || (host !== 'youtube' && host !== 'vimeo')) return undefined;
  return `is a ${HOST_NAMES[of]} video's id, but the Host is ${host}: choose ${of} as the Host, or paste the ${HOST_NAMES[host]} video's address`;
}
