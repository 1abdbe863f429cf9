import { useCallback, useEffect, useRef, useState } from 'react';

const NOTICE_MS = 900;

/** A short text over the picture (`Volume 40%`, `Forward 10 seconds`) that fades after a moment. */
export function useNotice() {
  const [notice, setNotice] = useState({ text: '', shown: false });
  const noticeTimer = useRef<number | undefined>(undefined);

  const announce = useCallback((text: string) => {
    setNotice({ text, shown: true });
    window.clearTimeout(noticeTimer.current);
    noticeTimer.current = window.setTimeout(
      () => setNotice((current) => ({ ...current, shown: false })),
      NOTICE_MS,
    );
  }, []);
  useEffect(() => () => window.clearTimeout(noticeTimer.current), []);

  return { notice, announce };
}
