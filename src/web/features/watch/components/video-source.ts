/**
 * Gives the <video> element its source. Today every episode is an MP4; HLS (with hls.js loaded lazily where
 * native HLS is missing) replaces this one function, so the player itself does not change.
 * Returns a cleanup that detaches the source.
 */
export function attachVideoSource(video: HTMLVideoElement, src: string): () => void {
  video.src = src;
  video.load();
  return () => {
    video.removeAttribute('src');
    video.load();
  };
}
