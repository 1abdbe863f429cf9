/** The YouTube video id of a watch, share, shorts or embed link. */
export function youtubeId(url: string): string | null {
  const match =
    /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([\w-]{11})/.exec(
      url,
    );
  if (match?.[1]) return match[1];
  return /^[\w-]{11}$/.test(url) ? url : null;
}

/** The Vimeo video id of a vimeo.com or player.vimeo.com link. */
export function vimeoId(url: string): string | null {
  const match = /vimeo\.com\/(?:video\/|channels\/[\w-]+\/|groups\/[\w-]+\/videos\/)?(\d+)/.exec(url);
  if (match?.[1]) return match[1];
  return /^\d+$/.test(url) ? url : null;
}

export function youtubeEmbedUrl(url: string, autoplay = false): string | null {
  const id = youtubeId(url);
  if (!id) return null;
  return `https://www.youtube-nocookie.com/embed/${id}?rel=0&modestbranding=1${autoplay ? '&autoplay=1' : ''}`;
}

export function vimeoEmbedUrl(url: string, autoplay = false): string | null {
  const id = vimeoId(url);
  if (!id) return null;
  return `https://player.vimeo.com/video/${id}?dnt=1${autoplay ? '&autoplay=1' : ''}`;
}
