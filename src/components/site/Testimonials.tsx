import type { Testimonial } from '../../content/schemas.ts';
import { Stars } from '../ui/Stars.tsx';

export interface TestimonialsProps {
  items: readonly Testimonial[];
}

/** Testimonial cards as one list: quote, stars, and the author with an avatar that falls back to the initial. */
export function Testimonials({ items }: TestimonialsProps) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.author} className="flex card flex-col p-6 md:p-8">
          <figure className="flex h-full flex-col">
            <Stars value={item.stars} />
            <blockquote className="mt-4 flex-1 text-lg leading-relaxed">
              <p>{`“${item.quote}”`}</p>
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-4">
              <Avatar src={item.avatar} name={item.author} />
              <span>
                <span className="block font-semibold">{item.author}</span>
                <span className="block text-sm text-muted-fg">{item.position}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** The author's first initial sits behind the photo; without one, or if it fails, the initial shows. */
function Avatar({ src, name }: { src: string | undefined; name: string }) {
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    <span className="relative grid size-12 shrink-0 place-items-center overflow-hidden rounded-full bg-accent-soft font-display text-lg font-semibold text-accent-ink">
      <span aria-hidden="true">{initial}</span>
      {src !== undefined && (
        <img
          src={src}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          data-fallback="hide"
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </span>
  );
}
