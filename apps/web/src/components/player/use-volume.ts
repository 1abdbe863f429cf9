import { useEffect, type RefObject } from 'react';
import { readStorage, writeStorage } from '../../lib/storage';

const VOLUME_KEY = 'player-volume';

function storedVolume(): number | null {
  const stored = readStorage(VOLUME_KEY);
  const value = Number(stored);
  return stored !== null && value >= 0 && value <= 1 ? value : null;
}

/**
 * The volume the viewer last chose, restored when the player mounts and remembered on every
 * change; and the volume and mute controls, which announce what they did.
 */
export function useVolume(videoRef: RefObject<HTMLVideoElement | null>, announce: (text: string) => void) {
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const volume = storedVolume();
    if (volume !== null) video.volume = volume;
    const onVolume = () => writeStorage(VOLUME_KEY, String(video.volume));
    video.addEventListener('volumechange', onVolume);
    return () => video.removeEventListener('volumechange', onVolume);
  }, [videoRef]);

  const setVolume = (value: number) => {
    const element = videoRef.current;
    if (!element) return;
    element.volume = Math.min(1, Math.max(0, Math.round(value * 100) / 100));
    if (element.volume > 0 && element.muted) element.muted = false;
  };

  const changeVolumeBy = (delta: number) => {
    const element = videoRef.current;
    if (!element) return;
    setVolume((element.muted ? 0 : element.volume) + delta);
    announce(`Volume ${Math.round(element.volume * 100)}%`);
  };

  const toggleMute = () => {
    const element = videoRef.current;
    if (!element) return;
    if (element.muted || element.volume === 0) {
      element.muted = false;
      if (element.volume === 0) element.volume = 0.5;
      announce(`Volume ${Math.round(element.volume * 100)}%`);
    } else {
      element.muted = true;
      announce('Muted');
    }
  };

  return { setVolume, changeVolumeBy, toggleMute };
}
