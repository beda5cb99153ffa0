import { useState } from 'react';
import { ImageOff } from 'lucide-react';

export interface ThumbnailProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
}

/** Artwork with a quiet placeholder when the URL is empty or does not load. */
export function Thumbnail({ src, alt, className = '' }: ThumbnailProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <span
        role="img"
        aria-label={alt}
        className={`flex shrink-0 items-center justify-center overflow-hidden rounded bg-white/5 text-zinc-600 ${className}`}
      >
        <ImageOff className="size-4" aria-hidden />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={`shrink-0 rounded bg-white/5 object-cover ${className}`}
    />
  );
}
