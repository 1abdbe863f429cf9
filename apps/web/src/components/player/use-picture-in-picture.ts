import { useEffect, useState, type RefObject } from 'react';

type PipDocument = Document & {
  pictureInPictureEnabled?: boolean;
  pictureInPictureElement?: Element | null;
  exitPictureInPicture?: () => Promise<void>;
};

export function canPictureInPicture(): boolean {
  return Boolean((document as PipDocument).pictureInPictureEnabled);
}

/** Whether the video plays picture-in-picture, and the switch in and out of it. */
export function usePictureInPicture(videoRef: RefObject<HTMLVideoElement | null>) {
  const [pip, setPip] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onEnter = () => setPip(true);
    const onLeave = () => setPip(false);
    video.addEventListener('enterpictureinpicture', onEnter);
    video.addEventListener('leavepictureinpicture', onLeave);
    return () => {
      video.removeEventListener('enterpictureinpicture', onEnter);
      video.removeEventListener('leavepictureinpicture', onLeave);
    };
  }, [videoRef]);

  const togglePip = () => {
    const element = videoRef.current;
    if (!element) return;
    const doc = document as PipDocument;
    if (doc.pictureInPictureElement) void doc.exitPictureInPicture?.().catch(() => undefined);
    else void element.requestPictureInPicture?.().catch(() => undefined);
  };

  return { pip, togglePip };
}
