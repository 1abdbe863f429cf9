import { iconProps } from '../../../components/icons';

/** A padlock: the profile needs its PIN. Decorative; the text beside it says so. */
export function LockIcon({ size = 16, className }: { size?: number; className?: string }) {
  return (
    <svg {...iconProps(size, className)}>
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 1 5 5v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h1V7a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v3h6V7a3 3 0 0 0-3-3Zm0 9.5a1.5 1.5 0 0 0-.75 2.8V18h1.5v-1.7A1.5 1.5 0 0 0 12 13.5Z"
      />
    </svg>
  );
}
