import { supportEmail } from '../lib/env';

/** The operator's support address as a mailto link; nothing when none is set. */
export function SupportLink({ className }: { className?: string }) {
  const address = supportEmail();
  if (!address) return null;
  return (
    <a href={`mailto:${address}`} className={className}>
      {address}
    </a>
  );
}
