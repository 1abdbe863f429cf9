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

/** The Dailymotion video id of a dailymotion.com, dai.ly or geo.dailymotion.com player link. */
export function dailymotionId(url: string): string | null {
  const match =
    /(?:dailymotion\.com\/(?:embed\/)?video\/|dai\.ly\/|dailymotion\.com\/player(?:\/[\w-]+)?\.html\?(?:.*&)?video=)([a-zA-Z0-9]+)/.exec(
      url,
    );
  if (match?.[1]) return match[1];
  return /^x[a-zA-Z0-9]+$/.test(url) ? url : null;
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

export function dailymotionEmbedUrl(url: string, autoplay = false): string | null {
  const id = dailymotionId(url);
  if (!id) return null;
  return `https://geo.dailymotion.com/player.html?video=${id}${autoplay ? '&autoplay=1' : ''}`;
}
