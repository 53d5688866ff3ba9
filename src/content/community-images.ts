/** The virtual-office image grid: four images, 400 and 800 wide, in grid order. Build-time only. */
import floor from '../assets/community/office-floor.png';
import calendar from '../assets/community/office-calendar.png';
import conference from '../assets/community/office-conference.png';
import summary from '../assets/community/office-summary.png';
import { pictureData } from '../lib/picture-data.ts';

const sources = [floor, calendar, conference, summary];

/** The grid's pictures, with the owner's descriptions (community.yaml) as their alt text. */
export function officeImages(descriptions: readonly { alt: string }[]) {
  return Promise.all(
    sources.map((image, index) =>
      pictureData(image, descriptions[index]?.alt ?? '', '(min-width: 768px) 50vw, 100vw'),
    ),
  );
}
