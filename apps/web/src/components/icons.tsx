/** Small inline icons; decorative, so hidden from assistive technology. */
interface IconProps {
  size?: number;
  className?: string;
}

/** Props every icon's <svg> shares. */
export const iconProps = (size: number, className?: string) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  'aria-hidden': true as const,
  focusable: false as const,
  className,
});

export function PlayIcon({ size = 18, className }: IconProps) {
  return (
    <svg {...iconProps(size, className)}>
      <path
        fill="currentColor"
        d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.9-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z"
      />
    </svg>
  );
}

export function PlusIcon({ size = 18, className }: IconProps) {
  return (
    <svg {...iconProps(size, className)}>
      <path fill="currentColor" d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6V5Z" />
    </svg>
  );
}

export function CheckIcon({ size = 18, className }: IconProps) {
  return (
    <svg {...iconProps(size, className)}>
      <path fill="currentColor" d="m9.5 16.2-4.2-4.2-1.4 1.4 5.6 5.6L21.1 7.4 19.7 6 9.5 16.2Z" />
    </svg>
  );
}

export function SearchIcon({ size = 20, className }: IconProps) {
  return (
    <svg {...iconProps(size, className)}>
      <path
        fill="currentColor"
        d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.38A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
      />
    </svg>
  );
}

export function CloseIcon({ size = 18, className }: IconProps) {
  return (
    <svg {...iconProps(size, className)}>
      <path
        fill="currentColor"
        d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z"
      />
    </svg>
  );
}

export function ChevronIcon({
  size = 20,
  className,
  direction = 'right',
}: IconProps & { direction?: 'left' | 'right' | 'down' }) {
  const rotate = direction === 'left' ? 180 : direction === 'down' ? 90 : 0;
  return (
    <svg {...iconProps(size, className)} style={{ transform: `rotate(${rotate}deg)` }}>
      <path fill="currentColor" d="m9.4 5 7 7-7 7L8 17.6l5.6-5.6L8 6.4 9.4 5Z" />
    </svg>
  );
}

export function StarIcon({ size = 16, className }: IconProps) {
  return (
    <svg {...iconProps(size, className)}>
      <path
        fill="currentColor"
        d="m12 17.3 6.2 3.7-1.6-7L22 9.2l-7.2-.6L12 2 9.2 8.6 2 9.2 7.4 14l-1.6 7 6.2-3.7Z"
      />
    </svg>
  );
}

export function MenuIcon({ size = 22, className }: IconProps) {
  return (
    <svg {...iconProps(size, className)}>
      <path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
    </svg>
  );
}

/** A speaker: muted (`off`), or with one or two sound waves. */
export function VolumeGlyph({ level }: { level: 'off' | 'low' | 'high' }) {
  return (
    <svg {...iconProps(22)}>
      <path fill="currentColor" d="M4 9v6h4l5 4V5L8 9H4Z" />
      {level === 'off' ? (
        <path
          fill="currentColor"
          d="m16.3 9.7 1.4-1.4 1.8 1.8 1.8-1.8 1.4 1.4-1.8 1.8 1.8 1.8-1.4 1.4-1.8-1.8-1.8 1.8-1.4-1.4 1.8-1.8-1.8-1.8Z"
        />
      ) : (
        <>
          <path fill="currentColor" d="M15.5 8.5a4.5 4.5 0 0 1 0 7l-1.2-1.5a2.6 2.6 0 0 0 0-4l1.2-1.5Z" />
          {level === 'high' && (
            <path fill="currentColor" d="M17.7 5.6a8 8 0 0 1 0 12.8l-1.2-1.5a6.1 6.1 0 0 0 0-9.8l1.2-1.5Z" />
          )}
        </>
      )}
    </svg>
  );
}
