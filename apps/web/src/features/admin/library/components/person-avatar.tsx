/** A person's photo in a list, or their initial when they have none. */
export function PersonAvatar({ name, url }: { name: string; url: string }) {
  if (url) return <img className="library-avatar" src={url} alt="" loading="lazy" />;
  return (
    <span className="library-avatar library-avatar--empty" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
