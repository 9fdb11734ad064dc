import type { ImgHTMLAttributes } from "react";
import { mediaSrcSet, mediaThumb } from "../lib/media";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  src: string;
  alt: string;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
};

/** An image with responsive variants (srcset) and lazy loading below the fold. */
export function MediaImage({ src, alt, priority = false, sizes = "100vw", ...rest }: Props) {
  const srcSet = mediaSrcSet(src);
  return (
    <img
      src={srcSet ? mediaThumb(src, 960) : src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : undefined}
      {...rest}
    />
  );
}
