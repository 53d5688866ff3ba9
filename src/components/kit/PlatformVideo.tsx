import type { Video } from '../../config/videos.ts';
import type { KitPage } from '../../content/schemas.ts';
import { Section } from '../ui/Section.tsx';
import { VideoFacade } from '../ui/VideoFacade.tsx';

export function PlatformVideo({ content, video }: { content: KitPage['platformVideo']; video: Video }) {
  return (
    <Section
      id="platform-video"
      surface="muted"
      eyebrow={content.eyebrow}
      title={content.title}
      intro={content.description}
    >
      <VideoFacade video={video} className="mx-auto max-w-4xl" />
      <p className="mx-auto mt-4 max-w-4xl text-sm text-muted-fg">{content.note}</p>
    </Section>
  );
}
