/** The virtual-office image grid: the owner's four images (community.yaml), 400 and 800 wide. Build-time only. */
import { uploadedPicture } from './uploads.ts';

export function officeImages(images: readonly { src: string; alt: string }[]) {
  return Promise.all(
    images.map((image) => uploadedPicture(image.src, image.alt, '(min-width: 768px) 50vw, 100vw')),
  );
}
