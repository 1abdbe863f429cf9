import type { AudioOption, CaptionOption, QualityOption } from './media-engine';
import { AudioLanguageGlyph, CaptionsGlyph } from './player-icons';
import { PlayerMenu, type MenuOption } from './player-menu';

const SPEEDS: MenuOption<number>[] = [0.5, 0.75, 1, 1.25, 1.5, 2].map((rate) => ({
  value: rate,
  label: rate === 1 ? 'Normal' : `${rate}×`,
}));

interface CaptionsMenuProps {
  captions: { options: CaptionOption[]; active: number };
  onChange: (id: number) => void;
  onOpenChange: (open: boolean) => void;
}

/** Captions off or one of the tracks; shown only when the video has some. */
export function CaptionsMenu({ captions, onChange, onOpenChange }: CaptionsMenuProps) {
  if (captions.options.length === 0) return null;
  const options: MenuOption<number>[] = [
    { value: -1, label: 'Off' },
    ...captions.options.map((option) => ({ value: option.id, label: option.label })),
  ];
  const current = captions.options.find((option) => option.id === captions.active)?.label ?? 'Off';
  return (
    <PlayerMenu
      label="Captions"
      current={current}
      options={options}
      value={captions.active}
      onChange={onChange}
      onOpenChange={onOpenChange}
      className={captions.active >= 0 ? 'is-on' : ''}
    >
      <CaptionsGlyph />
    </PlayerMenu>
  );
}

interface AudioMenuProps {
  audio: { options: AudioOption[]; active: number };
  onChange: (id: number) => void;
  onOpenChange: (open: boolean) => void;
}

/** The spoken language; shown only when the video has more than one. */
export function AudioMenu({ audio, onChange, onOpenChange }: AudioMenuProps) {
  if (audio.options.length < 2) return null;
  const options: MenuOption<number>[] = audio.options.map((option) => ({
    value: option.id,
    label: option.label,
  }));
  const current =
    audio.options.find((option) => option.id === audio.active)?.label ?? audio.options[0]!.label;
  return (
    <PlayerMenu
      label="Audio"
      current={current}
      options={options}
      value={audio.active}
      onChange={onChange}
      onOpenChange={onOpenChange}
    >
      <AudioLanguageGlyph />
    </PlayerMenu>
  );
}

interface SpeedMenuProps {
  rate: number;
  onChange: (rate: number) => void;
  onOpenChange: (open: boolean) => void;
}

export function SpeedMenu({ rate, onChange, onOpenChange }: SpeedMenuProps) {
  return (
    <PlayerMenu
      label="Playback speed"
      current={SPEEDS.find((speed) => speed.value === rate)?.label ?? `${rate}×`}
      options={SPEEDS}
      value={rate}
      onChange={onChange}
      onOpenChange={onOpenChange}
    >
      <span className="player-menu__current">{rate === 1 ? '1×' : `${rate}×`}</span>
    </PlayerMenu>
  );
}

interface QualityMenuProps {
  qualities: QualityOption[];
  /** The level chosen, -1 for automatic. */
  choice: number;
  /** The level playing now, -1 while unknown. */
  playingLevel: number;
  onChange: (level: number) => void;
  onOpenChange: (open: boolean) => void;
}

/** Automatic (naming the level playing) or a fixed rendition; shown only when there are some. */
export function QualityMenu({ qualities, choice, playingLevel, onChange, onOpenChange }: QualityMenuProps) {
  if (qualities.length === 0) return null;
  const options: MenuOption<number>[] = [
    { value: -1, label: 'Auto' },
    ...qualities.map((option) => ({ value: option.level, label: option.label })),
  ];
  const playingLabel = qualities.find((option) => option.level === playingLevel)?.label;
  const chosenLabel = qualities.find((option) => option.level === choice)?.label;
  const current = choice === -1 ? `Auto${playingLabel ? ` (${playingLabel})` : ''}` : (chosenLabel ?? 'Auto');
  return (
    <PlayerMenu
      label="Quality"
      current={current}
      options={options}
      value={choice}
      onChange={onChange}
      onOpenChange={onOpenChange}
    >
      <span className="player-menu__current">{choice === -1 ? 'Auto' : chosenLabel}</span>
    </PlayerMenu>
  );
}
