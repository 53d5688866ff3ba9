import type { ReactNode } from 'react';
import type { CommunityPage } from '../../content/schemas.ts';
import { Section } from '../ui/Section.tsx';

/** The pricing section; the tabs island is placed inside it by the page. */
export function JoinNow({ content, children }: { content: CommunityPage['joinNow']; children?: ReactNode }) {
  return (
    <Section id="join-now" eyebrow={content.eyebrow} title={content.title} intro={content.intro}>
      {children}
    </Section>
  );
}
