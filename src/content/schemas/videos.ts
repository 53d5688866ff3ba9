/** The schema of src/content/videos.yaml: the three videos of the kit page. */
import { videoHostProblem } from '../../lib/video-id.ts';
import { object, optionalImage, select, text, videoId } from '../fields.ts';

/** A video: its id must be one its host plays (the editor's Video id field checks the same). */
const video = (label: string) => {
  const field = object(
    { label },
    {
      provider: select({ label: 'Host', options: ['youtube', 'vimeo'] }),
      id: videoId({
        label: 'Video id',
        description:
          'Paste the video’s address (youtube.com/watch?v=…, youtu.be/…, vimeo.com/…): only its id is kept, e.g. M7lc1UVf-VE',
      }),
      title: text({ label: 'Title (read out by the play button)' }),
      poster: optionalImage({
        label: 'Poster (optional)',
        description:
          'The picture shown until a visitor presses play (16:9, e.g. 1600 × 900). Without one, a drawing with the title shows.',
      }),
    },
  );
  return {
    ...field,
    zod: field.zod.superRefine(({ provider, id }, context) => {
      const problem = videoHostProblem(provider, id);
      if (problem) context.addIssue({ code: 'custom', path: ['id'], message: problem });
    }),
  };
};
export const videosSchema = object(
  { label: 'Videos (kit page)' },
  { kitIntro: video('Kit intro'), platform: video('Platform tour'), movement: video('Movement') },
);
