import type { CommunityPage } from '../../content/schemas.ts';
import type { PictureData } from '../../lib/picture-data.ts';
import { Picture } from '../ui/Picture.tsx';
import { Section } from '../ui/Section.tsx';

export interface VirtualOfficeProps {
  content: CommunityPage['virtualOffice'];
  images: readonly PictureData[];
}

export function VirtualOffice({ content, images }: VirtualOfficeProps) {
  return (
    <Section
      id="virtual-office"
      surface="muted"
      eyebrow={content.eyebrow}
      title={content.title}
      intro={content.intro}
    >
      <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
        {content.features.map((feature) => (
          <li key={feature.title} className="border-l-2 border-accent pl-4">
            <h3 className="font-semibold">{feature.title}</h3>
            <p className="mt-1 text-muted-fg">{feature.description}</p>
          </li>
        ))}
      </ul>
      <ul className="mt-12 grid gap-4 md:grid-cols-2">
        {images.map((image) => (
          <li key={image.src} className="overflow-hidden rounded-card border border-border bg-ink">
            <Picture image={image} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
