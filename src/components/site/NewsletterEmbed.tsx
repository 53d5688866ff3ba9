import { eventAttributes } from '../../lib/event-attributes.ts';
import { Spinner } from '../ui/Spinner.tsx';

export interface NewsletterEmbedProps {
  /** The provider's embeddable form; null when not configured. */
  embedUrl: string | null;
  /** Where the plain link goes when there is no embed. */
  subscribeUrl: string;
  frameTitle: string;
  linkLabel: string;
  /** Where it sits (its section's id): reported by `newsletter_view` once it is in view. */
  placement: string;
}

/**
 * The newsletter provider's form in a 52 px frame, requested only after the first screen is
 * painted, with a spinner while it loads in view. The area is always 52 px high, so nothing
 * shifts whether the frame loads, fails or is replaced by the plain subscribe link (when no embed
 * URL is configured).
 */
export function NewsletterEmbed({
  embedUrl,
  subscribeUrl,
  frameTitle,
  linkLabel,
  placement,
}: NewsletterEmbedProps) {
  const seen = eventAttributes('newsletter_view', { placement });
  if (!embedUrl) {
    return (
      <div className="flex h-[52px] items-center" data-newsletter="" {...seen}>
        <a
          href={subscribeUrl}
          className="inline-flex h-[52px] items-center rounded-pill bg-action px-6 font-semibold text-action-fg hover:bg-action-hover"
        >
          {linkLabel}
        </a>
      </div>
    );
  }
  // The frame is written inside <noscript>: without JavaScript it loads as written; with it, the
  // boot script puts it in place once the first screen is painted (src/lib/deferred-frames.ts),
  // so the provider's origin is never contacted before then, and shows the spinner only while the
  // frame loads in view (hidden as written, so never without JavaScript). The 52 px are held either way.
  return (
    <div className="relative h-[52px] w-full overflow-hidden rounded-xl" data-newsletter="" {...seen}>
      <span className="absolute inset-0 hidden place-items-center text-accent" data-frame-spinner="">
        <Spinner label="Loading the sign-up form" />
      </span>
      <noscript data-deferred-frame="">
        <iframe
          src={embedUrl}
          title={frameTitle}
          loading="lazy"
          height={52}
          className="relative h-[52px] w-full border-0 bg-transparent"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-forms allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        />
      </noscript>
    </div>
  );
}
