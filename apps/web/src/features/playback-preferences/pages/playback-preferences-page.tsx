import '../playback-preferences.scss';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import {
  SUBTITLE_BACKGROUNDS,
  SUBTITLE_COLORS,
  SUBTITLE_SIZES,
  type PlaybackPreferences,
  type SubtitleBackground,
  type SubtitleColor,
  type SubtitleSize,
} from '@reeltime/contract';
import { QueryStatus } from '../../../components/query-status';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { playbackPreferencesQuery, useSavePlaybackPreferences } from '../../../lib/playback-preferences';
import { useProfile } from '../../../lib/session';
import { languageChoices } from '../language-names';

const SIZE_LABELS: Record<SubtitleSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };
const COLOR_LABELS: Record<SubtitleColor, string> = {
  white: 'White',
  yellow: 'Yellow',
  cyan: 'Cyan',
  green: 'Green',
};
const BACKGROUND_LABELS: Record<SubtitleBackground, string> = {
  none: 'None (outlined text)',
  translucent: 'Translucent',
  opaque: 'Black',
};

interface FormValues {
  /** '' for none chosen. */
  audio_language: string;
  subtitle_language: string;
  size: SubtitleSize;
  color: SubtitleColor;
  background: SubtitleBackground;
}

const formValues = (preferences: PlaybackPreferences): FormValues => ({
  audio_language: preferences.audio_language ?? '',
  subtitle_language: preferences.subtitle_language ?? '',
  ...preferences.subtitle_style,
});

/** The profile's audio and subtitle languages and the look of its subtitles, with a preview. */
export function PlaybackPreferencesPage() {
  const preferences = useQuery(playbackPreferencesQuery());
  const profile = useProfile();
  return (
    <section className="container-xxl page-section playback-preferences">
      <h1 className="page-title">Playback settings</h1>
      <p className="playback-preferences__intro">
        {profile ? `For ${profile.name}. ` : ''}Used first on every video that has these languages; the
        player&apos;s Audio and Captions menus change them too.
      </p>
      <QueryStatus
        query={preferences}
        loadingLabel="Loading playback settings"
        failureText="The playback settings could not be loaded."
      />
      {preferences.data && <PlaybackPreferencesForm preferences={preferences.data} />}
    </section>
  );
}

function PlaybackPreferencesForm({ preferences }: { preferences: PlaybackPreferences }) {
  const id = useId();
  const toast = useToast();
  const save = useSavePlaybackPreferences();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { isDirty, isSubmitting },
  } = useForm<FormValues>({ defaultValues: formValues(preferences) });
  const style = watch(['size', 'color', 'background']);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        audio_language: values.audio_language || null,
        subtitle_language: values.subtitle_language || null,
        subtitle_style: { size: values.size, color: values.color, background: values.background },
      });
      reset(formValues(saved));
      toast.success('Playback settings saved.');
    } catch (error) {
      toast.error(errorMessage(error, 'The playback settings could not be saved. Try again.'));
    }
  });

  return (
    <form className="playback-preferences__form" onSubmit={onSubmit} noValidate>
      <div className="playback-preferences__languages">
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-audio`}>
            Audio language
          </label>
          <select id={`${id}-audio`} className="form-select" {...register('audio_language')}>
            <option value="">Each video&apos;s original</option>
            {languageChoices(preferences.audio_language).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-subtitles`}>
            Subtitles
          </label>
          <select id={`${id}-subtitles`} className="form-select" {...register('subtitle_language')}>
            <option value="">Off</option>
            {languageChoices(preferences.subtitle_language).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <h2 className="playback-preferences__heading">Subtitle appearance</h2>
      <div
        className={`playback-preferences__preview subs-${style[0]} subs-${style[1]} subs-bg-${style[2]}`}
        aria-label="Subtitle preview"
        role="img"
      >
        <span className="playback-preferences__cue">This is how subtitles will look.</span>
      </div>
      <div className="playback-preferences__styles">
        <Choices legend="Size" name="size" values={SUBTITLE_SIZES} labels={SIZE_LABELS} register={register} />
        <Choices
          legend="Colour"
          name="color"
          values={SUBTITLE_COLORS}
          labels={COLOR_LABELS}
          register={register}
        />
        <Choices
          legend="Background"
          name="background"
          values={SUBTITLE_BACKGROUNDS}
          labels={BACKGROUND_LABELS}
          register={register}
        />
      </div>
      <SubmitButton
        ready={isDirty}
        busy={isSubmitting || save.isPending}
        label="Save"
        busyLabel="Saving..."
      />
    </form>
  );
}

interface ChoicesProps<K extends 'size' | 'color' | 'background'> {
  legend: string;
  name: K;
  values: readonly FormValues[K][];
  labels: Record<FormValues[K], string>;
  register: ReturnType<typeof useForm<FormValues>>['register'];
}

function Choices<K extends 'size' | 'color' | 'background'>({
  legend,
  name,
  values,
  labels,
  register,
}: ChoicesProps<K>) {
  const id = useId();
  return (
    <fieldset className="playback-preferences__choices">
      <legend className="form-label">{legend}</legend>
      {values.map((value) => (
        <div className="form-check" key={value}>
          <input
            className="form-check-input"
            type="radio"
            id={`${id}-${value}`}
            value={value}
            {...register(name)}
          />
          <label className="form-check-label" htmlFor={`${id}-${value}`}>
            {labels[value]}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
