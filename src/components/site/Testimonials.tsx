import type { Testimonial } from '../../content/schemas.ts';
import { cn } from '../../lib/cn.ts';
import { Stars } from '../ui/Stars.tsx';

export interface TestimonialsProps {
  items: readonly Testimonial[];
  tone?: 'light' | 'dark';
}

/** Testimonial cards as one list: quote, stars, and the author with an avatar that falls back to the initial. */
export function Testimonials({ items, tone = 'light' }: TestimonialsProps) {
  const dark = tone === 'dark';
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li
          key={item.author}
          className={cn(
            'flex flex-col rounded-card border p-6 md:p-8',
            dark ? 'border-line-dark bg-ink-2' : 'border-line bg-paper shadow-(--shadow-card)',
          )}
        >
          <figure className="flex h-full flex-col">
            <Stars value={item.stars} />
            <blockquote className="mt-4 flex-1 text-lg leading-relaxed">
              <p>{`“${item.quote}”`}</p>
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-4">
              <Avatar src={item.avatar} name={item.author} dark={dark} />
              <span>
                <span className="block font-semibold">{item.author}</span>
                <span className={cn('block text-sm', dark ? 'text-muted-dark' : 'text-muted')}>
                  {item.position}
                </span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** The author's first initial sits behind the photo; if the photo fails, it is hidden and the initial shows. */
function Avatar({ src, name, dark }: { src: string; name: string; dark: boolean }) {
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    <span
      className={cn(
        'relative grid size-12 shrink-0 place-items-center overflow-hidden rounded-full font-display text-lg font-semibold',
        dark ? 'bg-ink-3 text-accent' : 'bg-accent-soft text-accent-ink',
      )}
    >
      <span aria-hidden="true">{initial}</span>
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
    </span>
  );
}
