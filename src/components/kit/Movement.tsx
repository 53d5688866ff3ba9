import type { Video } from '../../config/videos.ts';
import type { KitPage } from '../../content/schemas.ts';
import { Section } from '../ui/Section.tsx';
import { VideoFacade } from '../ui/VideoFacade.tsx';
import { CardList } from './CardList.tsx';

export function Movement({ content, video }: { content: KitPage['movement']; video: Video }) {
  return (
    <Section id="movement" eyebrow={content.eyebrow} title={content.title} intro={content.intro}>
      <CardList cards={content.cards} columns={4} />
      <VideoFacade video={video} className="mt-10" />
    </Section>
  );
}
