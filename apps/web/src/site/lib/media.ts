/** The bundled demo images (/media/<name>.jpg) come with 640 and 960 pixel wide variants. */
const DEMO_IMAGE = /^\/media\/([\w-]+)\.jpg$/;

export function mediaSrcSet(src: string | null | undefined): string | undefined {
  const match = src ? DEMO_IMAGE.exec(src) : null;
  if (!match) return undefined;
  const name = match[1];
  return `/media/${name}-640.jpg 640w, /media/${name}-960.jpg 960w, /media/${name}.jpg 1600w`;
}

/** A smaller file for small boxes (thumbnails, cards) when one exists. */
export function mediaThumb(src: string, width: 640 | 960 = 640): string {
  const match = DEMO_IMAGE.exec(src);
  return match ? `/media/${match[1]}-${width}.jpg` : src;
}
