/** The schema of src/content/videos.yaml: the three videos of the kit page. */
import { object, select, text, videoId } from '../fields.ts';

const video = (label: string) =>
  object(
    { label },
    {
      provider: select({ label: 'Host', options: ['youtube', 'vimeo'] }),
      id: videoId({
        label: 'Video id',
        description:
          'Paste the video’s address (youtube.com/watch?v=…, youtu.be/…, vimeo.com/…): only its id is kept, e.g. M7lc1UVf-VE',
      }),
      title: text({ label: 'Title (read out by the play button)' }),
    },
  );
export const videosSchema = object(
  { label: 'Videos (kit page)' },
  { kitIntro: video('Kit intro'), platform: video('Platform tour'), movement: video('Movement') },
);
