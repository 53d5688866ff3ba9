/** The virtual-office image grid (SPEC §9: four images, 400 and 800 wide). Build-time only. */
import floor from '../assets/community/office-floor.png';
import calendar from '../assets/community/office-calendar.png';
import conference from '../assets/community/office-conference.png';
import summary from '../assets/community/office-summary.png';
import { pictureData } from '../lib/picture-data.ts';
import { virtualOffice } from './community.ts';

const sources = [floor, calendar, conference, summary];

export const officeImages = await Promise.all(
  sources.map((image, index) =>
    pictureData(image, virtualOffice.images[index]!.alt, '(min-width: 768px) 50vw, 100vw'),
  ),
);
