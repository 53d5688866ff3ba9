import type { Video } from '../../config/videos.ts';
import type { KitPage } from '../../content/schemas.ts';
import { Section } from '../ui/Section.tsx';
import { VideoFacade } from '../ui/VideoFacade.tsx';

export function KitIntro({ content, video }: { content: KitPage['intro']; video: Video }) {
  return (
    <Section id="kit-intro" eyebrow={content.eyebrow} title={content.title}>
      <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr] lg:items-center">
        <div className="space-y-4 text-lg leading-relaxed text-muted-fg">
          {content.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
        <VideoFacade video={video} posterAccent="accent" />
      </div>
    </Section>
  );
}
