import type { PortfolioItemDto } from "@studio/validators";
import { useRef } from "react";
import { MediaImage } from "../components/media-image";

const VIDEO = /\.(mp4|mov|m4v|webm|mkv|avi)(\?|$)/i;
export function isVideoUrl(url: string | null | undefined): boolean {
  return !!url && VIDEO.test(url);
}

export function isVideoItem(item: Pick<PortfolioItemDto, "media_type" | "media_url">): boolean {
  return item.media_type === "video" || (item.media_type == null && isVideoUrl(item.media_url));
}

/** A portfolio picture, or a muted looping video that plays while the pointer is over it. */
export function HoverMedia({
  src,
  video,
  alt,
  className,
  sizes,
}: {
  src: string;
  video: boolean;
  alt: string;
  className: string;
  sizes?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  if (!video) return <MediaImage src={src} alt={alt} sizes={sizes} className={className} />;
  return (
    <video
      ref={ref}
      src={src}
      muted
      loop
      playsInline
      preload="metadata"
      aria-label={alt}
      className={className}
      onMouseEnter={() => void ref.current?.play().catch(() => undefined)}
      onMouseLeave={() => ref.current?.pause()}
    />
  );
}
