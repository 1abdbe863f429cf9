import { iconProps } from '../icons';

// The speaker is also the hero trailer's sound button, so it lives with the site's icons.
export { VolumeGlyph } from '../icons';

/** Icons of the player controls (play is the site's PlayIcon); decorative, every control has its own label. */

export function PauseGlyph({ size = 22 }: { size?: number }) {
  return (
    <svg {...iconProps(size)}>
      <path fill="currentColor" d="M7 5h3.5v14H7V5Zm6.5 0H17v14h-3.5V5Z" />
    </svg>
  );
}

export function ReplayGlyph({ size = 22 }: { size?: number }) {
  return (
    <svg {...iconProps(size)}>
      <path fill="currentColor" d="M12 5V2L7 6l5 4V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8Z" />
    </svg>
  );
}

export function CaptionsGlyph() {
  return (
    <svg {...iconProps(22)}>
      <path
        fill="currentColor"
        d="M19 5H5a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2Zm0 12H5V7h14v10ZM7 15h3v-1.5H8.5v-3H10V9H7v6Zm7 0h3v-1.5h-1.5v-3H17V9h-3v6Z"
      />
    </svg>
  );
}

/** Two speech bubbles: the spoken language. */
export function AudioLanguageGlyph() {
  return (
    <svg {...iconProps(22)}>
      <path
        fill="currentColor"
        d="M4 3h11a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9l-4 3v-3H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm0 2v6h3v1l1.3-1H15V5H4Zm15 4h1a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2h-1v3l-4-3h-5a2 2 0 0 1-2-2v-2h2v2h5.7l1.3 1v-1h3v-6h-1V9Z"
      />
    </svg>
  );
}

export function PipGlyph() {
  return (
    <svg {...iconProps(22)}>
      <path
        fill="currentColor"
        d="M19 7h-8v6h8V7Zm2-4H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2Zm0 16H3V5h18v14Z"
      />
    </svg>
  );
}

export function FullscreenGlyph({ exit }: { exit: boolean }) {
  return (
    <svg {...iconProps(22)}>
      <path
        fill="currentColor"
        d={
          exit
            ? 'M5 16h3v3h2v-5H5v2Zm3-8H5v2h5V5H8v3Zm6 11h2v-3h3v-2h-5v5Zm2-11V5h-2v5h5V8h-3Z'
            : 'M7 14H5v5h5v-2H7v-3Zm-2-4h2V7h3V5H5v5Zm12 7h-3v2h5v-5h-2v3ZM14 5v2h3v3h2V5h-5Z'
        }
      />
    </svg>
  );
}
